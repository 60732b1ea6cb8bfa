/* The moves of the compiled layered program: option_list's answers (asked of Python once
   per distinct argument tuple, kept for the process), a solve's moves as state deltas
   (state.colour_moves), and the group step (state.group_children).

   A solve's moves are kept by (step, runs, jokers left), and colour_layer (_dpcore.c)
   adds the room for jokers as it makes each child, where the Python program folds it
   into the deltas and keeps its lists by room too: the same children either way. */

#include "_dpcore.h"

#include <stdlib.h>
#include <string.h>

/* Item ``index`` of a tuple as an integer; sets ``failed`` on error. */
static int64_t as_int(PyObject *tuple, Py_ssize_t index, int *failed) {
    long long value = PyLong_AsLongLong(PyTuple_GET_ITEM(tuple, index));
    if (value == -1 && PyErr_Occurred()) *failed = 1;
    return (int64_t)value;
}

/* option_list's answers, kept for the life of the process (as option_list keeps them),
   shared by every solve: it is only read or written by C code holding the GIL, never
   across a call into Python, so threads solving at once cannot see it half-changed:
   a table from the packed arguments to the fields the program reads of each option,
   (new runs, jokers, tiles to groups, rack tiles used, value, space). Asking Python once
   per key instead of once per key and solve saves most of a solve's time. */
#define FIELDS 6
typedef struct {
    uint64_t key; /* packed arguments + 1; 0 for an empty slot */
    int32_t count;
    int32_t *fields;
} Known;

static Known *known = NULL;
static uint32_t known_mask = 0, known_len = 0;
static PyObject *known_source = NULL; /* the option_list the table was filled from */

/* Forget everything known when another option function is passed (tests may). */
static void known_for(PyObject *source) {
    if (source == known_source) return;
    for (uint32_t i = 0; known && i <= known_mask; i++) free(known[i].fields);
    free(known);
    known = NULL;
    known_mask = known_len = 0;
    Py_XDECREF(known_source);
    known_source = Py_NewRef(source);
}

/* The table twice as large (4096 slots at first), every key moved over. */
static int known_grow(void) {
    uint32_t size = known ? (known_mask + 1) * 2 : 4096;
    Known *table = calloc(size, sizeof(Known));
    if (!table) {
        PyErr_NoMemory();
        return -1;
    }
    for (uint32_t i = 0; known && i <= known_mask; i++) {
        if (!known[i].key) continue;
        uint32_t at = hash64(known[i].key, size - 1);
        while (table[at].key) at = (at + 1) & (size - 1);
        table[at] = known[i];
    }
    free(known);
    known = table;
    known_mask = size - 1;
    return 0;
}

/* option_list's answer for one colour at one number, from the table or asked once. */
static const Known *options_of(const Position *pos, int number, int colour, int64_t local,
                               int left) {
    int t = pos->table[colour][number], r = pos->rack[colour][number];
    int next1 = pos->ahead[colour][number + 1], next2 = pos->ahead[colour][number + 2];
    int gap = pos->gaps[colour][number];
    uint64_t key = (uint64_t)local | ((uint64_t)t << 9) | ((uint64_t)r << 13) |
                   ((uint64_t)left << 17) | ((uint64_t)number << 21) |
                   ((uint64_t)next1 << 25) | ((uint64_t)next2 << 29) | ((uint64_t)gap << 33) |
                   ((uint64_t)pos->exact << 41);
    key += 1;
    /* Another thread may have filled the table from another function while this one ran
       Python code (only tests pass another): what is kept is always the caller's. */
    known_for(pos->options);
    if (known) {
        uint32_t at = hash64(key, known_mask);
        while (known[at].key) {
            if (known[at].key == key) return &known[at];
            at = (at + 1) & known_mask;
        }
    }
    PyObject *found = PyObject_CallFunction(pos->options, "iiiiiiiii", (int)local, t, r, left,
                                            number, next1, next2, gap, pos->exact);
    if (!found) return NULL;
    if (!PyTuple_Check(found)) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_TypeError, "option_list must return a tuple");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(found);
    int32_t *fields = malloc(sizeof(int32_t) * FIELDS * (size_t)(n ? n : 1));
    if (!fields) {
        Py_DECREF(found);
        PyErr_NoMemory();
        return NULL;
    }
    int failed = 0;
    static const Py_ssize_t read[FIELDS] = {0, 1, 2, 3, 4, 6};
    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        PyObject *option = PyTuple_GET_ITEM(found, i);
        if (!PyTuple_Check(option) || PyTuple_GET_SIZE(option) < 7) {
            PyErr_SetString(PyExc_TypeError, "an option must be a 7-tuple");
            failed = 1;
            break;
        }
        for (int f = 0; f < FIELDS; f++)
            fields[i * FIELDS + f] = (int32_t)as_int(option, read[f], &failed);
    }
    Py_DECREF(found);
    if (!failed) known_for(pos->options);
    if (failed || ((known_len + 1) * 2 > known_mask + 1 && known_grow() < 0)) {
        free(fields);
        return NULL;
    }
    uint32_t at = hash64(key, known_mask);
    while (known[at].key) at = (at + 1) & known_mask;
    known[at].key = key;
    known[at].count = (int32_t)n;
    known[at].fields = fields;
    known_len++;
    return &known[at];
}

/* Appends ``move`` to the solve's moves, growing them when full. */
static int plan_push(Plans *plans, Move move) {
    if (plans->len >= plans->cap) {
        int32_t cap = plans->cap ? plans->cap * 2 : 1024;
        Move *moves = realloc(plans->moves, sizeof(Move) * (size_t)cap);
        if (!moves) {
            PyErr_NoMemory();
            return -1;
        }
        plans->moves = moves;
        plans->cap = cap;
    }
    plans->moves[plans->len++] = move;
    return 0;
}

void plans_free(Plans *plans) {
    free(plans->moves);
    free(plans->index);
}

/* The slot of ``key`` in the plans' index (empty if absent), growing it first when
   half full; NULL on error. */
static Planned *planned_slot(Plans *plans, int32_t key) {
    if ((plans->used + 1) * 2 > plans->mask + 1) {
        uint32_t size = plans->index ? (plans->mask + 1) * 2 : 1024;
        Planned *index = calloc(size, sizeof(Planned));
        if (!index) {
            PyErr_NoMemory();
            return NULL;
        }
        for (uint32_t i = 0; plans->index && i <= plans->mask; i++) {
            if (!plans->index[i].key) continue;
            uint32_t at = hash64((uint64_t)plans->index[i].key, size - 1);
            while (index[at].key) at = (at + 1) & (size - 1);
            index[at] = plans->index[i];
        }
        free(plans->index);
        plans->index = index;
        plans->mask = size - 1;
    }
    uint32_t at = hash64((uint64_t)key, plans->mask);
    while (plans->index[at].key && plans->index[at].key != key) at = (at + 1) & plans->mask;
    return &plans->index[at];
}

/* The moves of one colour at one number from runs ``local`` with ``left`` jokers, as key
   deltas and gains (kept for this solve). Returns the offset of the first, -1 on error. */
int32_t plan_for(Plans *plans, const Position *pos, int number, int colour, int64_t local,
                 int left, int32_t *count) {
    int32_t key = (((number * COLOURS + colour) << 12) | (int32_t)local | (left << 9)) + 1;
    Planned *slot = planned_slot(plans, key);
    if (!slot) return -1;
    if (slot->key) {
        *count = slot->count;
        return slot->start;
    }
    const Known *options = options_of(pos, number, colour, local, left);
    if (!options) return -1;
    int32_t first = plans->len;
    int shift = COLOUR_BITS * colour;
    int64_t w = pos->weights[colour][number];
    for (int32_t i = 0; i < options->count; i++) {
        const int32_t *f = options->fields + i * FIELDS;
        int64_t new_local = f[0], jokers = f[1], to_groups = f[2], used = f[3];
        int64_t value = f[4], space = f[5];
        int64_t delta = (int64_t)((uint64_t)(new_local - local) << shift) +
                        (jokers << JOKER_SHIFT) + (to_groups << GROUP_SHIFT) +
                        ((int64_t)(to_groups == 2) << TWO_SHIFT);
        if (pos->opening >= 0) delta += value << VALUE_SHIFT;
        Move move = {delta, used * w, i, (int32_t)space};
        if (plan_push(plans, move) < 0) return -1;
    }
    /* option_list ran Python code, but the index is this solve's own: the slot holds. */
    slot->key = key;
    slot->start = first;
    slot->count = plans->len - first;
    plans->used++;
    *count = plans->len - first;
    return first;
}

/* options.group_jokers: the joker counts that make the groups of one number feasible. */
static int group_jokers(int in_groups, int twos, int jokers_left, int out[8]) {
    int n = 0;
    int widest = twos ? 2 : (in_groups ? 1 : 0);
    for (int jokers = 0; jokers <= jokers_left && jokers < 8; jokers++) {
        int total = in_groups + jokers;
        if (total == 0) {
            out[n++] = 0;
            continue;
        }
        if (jokers && !in_groups) continue;
        int groups = (total + 3) / 4;
        if (widest > groups) groups = widest;
        if (3 * groups <= total) out[n++] = jokers;
    }
    return n;
}

/* state.group_children: the states after jokers join the groups of `number` in state
   `key` (children[k], with ways[k] jokers joining; returns how many). `opening`: its
   minimum in an opening, else -1. */
int group_children(uint64_t key, int total, int number, int opening, uint64_t children[8],
                   int ways[8]) {
    int in_groups = (int)((key >> GROUP_SHIFT) & 15);
    int twos = (int)((key >> TWO_SHIFT) & 7);
    int used = (int)((key >> JOKER_SHIFT) & 7);
    uint64_t base = key & GROUP_MASK;
    int n = group_jokers(in_groups, twos, total - used, ways);
    for (int k = 0; k < n; k++) {
        int jokers = ways[k];
        uint64_t child = base + ((uint64_t)jokers << JOKER_SHIFT);
        int laid = in_groups + jokers;
        if (laid) {
            /* Groups are made as many as possible, so the 3-groups leave room. */
            int room = (int)((child >> ROOM_SHIFT) & 7);
            int more = room + 4 * (laid / 3) - laid;
            if (more > total) more = total;
            child += (uint64_t)((int64_t)(more - room)) << ROOM_SHIFT;
        }
        if (opening >= 0 && jokers) {
            /* Without jokers the value stays: every colour step already capped it. */
            uint64_t value = ((child >> VALUE_SHIFT) & 255) + (uint64_t)(jokers * number);
            if (value > (uint64_t)opening) value = (uint64_t)opening;
            child = (child & ~VALUE_MASK) | (value << VALUE_SHIFT);
        }
        children[k] = child;
    }
    return n;
}
