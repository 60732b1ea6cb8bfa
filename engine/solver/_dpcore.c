/* The layered dynamic program of engine/solver/dp.py (run_dp), compiled.

   The same program, state for state: the states are the same 64-bit integers (the bit
   layout of solver_dp.py), the moves come from the same Python function (option_list,
   called once per step and distinct (runs, jokers left) pair and cached here), layers
   keep the insertion order of a Python dict, and ties are broken the same way, so the
   play found is the very one the Python program finds. Only the bookkeeping is C: open
   addressing tables instead of dicts, parents kept as indexes into the previous layer.

   solver_dp.run_dp stays the reference (and the fallback where no compiler was found
   at install time); tests/tiles/test_solver_core.py checks that both agree. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NUMBERS 13
#define COLOURS 4
#define COLOUR_BITS 9
#define COLOUR_MASK 511ULL
#define JOKER_SHIFT 36
#define GROUP_SHIFT 39
#define TWO_SHIFT 43
#define VALUE_SHIFT 46
#define ROOM_SHIFT 54
#define JOKER_MASK (7ULL << JOKER_SHIFT)
#define ROOM_MASK (7ULL << ROOM_SHIFT)
#define VALUE_MASK (255ULL << VALUE_SHIFT)
#define GROUP_MASK (((1ULL << GROUP_SHIFT) - 1) | (~0ULL << VALUE_SHIFT))
#define SHORT_MASK (0x3FULL | (0x3FULL << 9) | (0x3FULL << 18) | (0x3FULL << 27))
#define LAYERS (NUMBERS * (COLOURS + 1) + 1)

typedef struct {
    uint64_t key;
    int64_t score;
    int32_t parent; /* index of the parent in the previous layer */
    int32_t choice; /* option index, -1 (nothing there), or jokers joining the groups */
} Entry;

typedef struct {
    Entry *items; /* in insertion order, like a Python dict */
    uint8_t *dead;
    int32_t len, cap;
    int32_t *slots; /* open addressing: item index + 1, 0 when empty */
    uint32_t mask;
    int number, colour;
} Layer;

typedef struct {
    int64_t delta;
    int64_t gain;
    int32_t index;
    int32_t space;
} Move;

/* One solve's moves, by step and (runs, jokers left): a table of its own (nothing is
   shared between solves but the option table below, so threads may solve at once). */
typedef struct {
    int32_t key; /* ((number * COLOURS + colour) << 12 | runs | left << 9) + 1; 0: empty */
    int32_t start, count;
} Planned;

typedef struct {
    Move *moves;
    int32_t len, cap;
    Planned *index;
    uint32_t mask, used;
} Plans;

static inline uint32_t hash64(uint64_t key, uint32_t mask) {
    key *= 0x9E3779B97F4A7C15ULL;
    return (uint32_t)(key >> 32) & mask;
}

static int layer_init(Layer *layer, int number, int colour, int32_t hint) {
    uint32_t size = 64;
    while (size < (uint32_t)hint * 2) size <<= 1;
    layer->cap = (int32_t)(size / 2);
    layer->len = 0;
    layer->items = malloc(sizeof(Entry) * (size_t)layer->cap);
    layer->dead = calloc((size_t)layer->cap, 1);
    layer->slots = calloc(size, sizeof(int32_t));
    layer->mask = size - 1;
    layer->number = number;
    layer->colour = colour;
    if (!layer->items || !layer->dead || !layer->slots) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void layer_drop_index(Layer *layer) {
    free(layer->slots);
    layer->slots = NULL;
}

static void layer_free(Layer *layer) {
    free(layer->items);
    free(layer->dead);
    free(layer->slots);
    layer->items = NULL;
    layer->dead = NULL;
    layer->slots = NULL;
}

static int layer_grow(Layer *layer) {
    uint32_t size = (layer->mask + 1) * 2;
    int32_t cap = (int32_t)(size / 2);
    Entry *items = realloc(layer->items, sizeof(Entry) * (size_t)cap);
    if (!items) {
        PyErr_NoMemory();
        return -1;
    }
    layer->items = items;
    uint8_t *dead = realloc(layer->dead, (size_t)cap);
    if (!dead) {
        PyErr_NoMemory();
        return -1;
    }
    memset(dead + layer->cap, 0, (size_t)(cap - layer->cap));
    layer->dead = dead;
    int32_t *slots = calloc(size, sizeof(int32_t));
    if (!slots) {
        PyErr_NoMemory();
        return -1;
    }
    free(layer->slots);
    layer->slots = slots;
    layer->mask = size - 1;
    layer->cap = cap;
    for (int32_t i = 0; i < layer->len; i++) {
        uint32_t at = hash64(layer->items[i].key, layer->mask);
        while (slots[at]) at = (at + 1) & layer->mask;
        slots[at] = i + 1;
    }
    return 0;
}

/* The index of ``key`` in the layer, or -1. */
static inline int32_t layer_find(const Layer *layer, uint64_t key) {
    uint32_t at = hash64(key, layer->mask);
    int32_t slot;
    while ((slot = layer->slots[at])) {
        if (layer->items[slot - 1].key == key) return slot - 1;
        at = (at + 1) & layer->mask;
    }
    return -1;
}

/* nxt[child] = score (with its parent) when better than what is there (-1 if nothing). */
static inline int layer_offer(Layer *layer, uint64_t key, int64_t score, int32_t parent,
                              int32_t choice) {
    uint32_t at = hash64(key, layer->mask);
    int32_t slot;
    while ((slot = layer->slots[at])) {
        Entry *entry = &layer->items[slot - 1];
        if (entry->key == key) {
            if (score > entry->score) {
                entry->score = score;
                entry->parent = parent;
                entry->choice = choice;
            }
            return 0;
        }
        at = (at + 1) & layer->mask;
    }
    if (score <= -1) return 0;
    if (layer->len >= layer->cap) {
        if (layer_grow(layer) < 0) return -1;
        at = hash64(key, layer->mask);
        while (layer->slots[at]) at = (at + 1) & layer->mask;
    }
    Entry *entry = &layer->items[layer->len];
    entry->key = key;
    entry->score = score;
    entry->parent = parent;
    entry->choice = choice;
    layer->len++;
    layer->slots[at] = layer->len;
    return 0;
}

static int32_t layer_live(const Layer *layer) {
    int32_t live = 0;
    for (int32_t i = 0; i < layer->len; i++) live += !layer->dead[i];
    return live;
}

/* solver_dp._drop_dominated for one colour: a state is dropped when a state one step
   stronger in that colour's runs (dominators()) is there with a score at least as high;
   every check is made against the whole layer before anything is dropped. */
static int drop_dominated(Layer *layer, int colour) {
    int shift = COLOUR_BITS * colour;
    uint8_t *beaten = calloc((size_t)layer->len + 1, 1);
    if (!beaten) {
        PyErr_NoMemory();
        return -1;
    }
    for (int32_t i = 0; i < layer->len; i++) {
        if (layer->dead[i]) continue;
        uint64_t key = layer->items[i].key;
        int64_t score = layer->items[i].score;
        int64_t local = (int64_t)((key >> shift) & COLOUR_MASK);
        int64_t a1 = local & 7, a2 = (local >> 3) & 7, a3 = (local >> 6) & 7;
        int64_t strong[3];
        int n = 0;
        if (a1 + a2 + a3 < 4) strong[n++] = local + (1 << 6);
        if (a1) strong[n++] = local - 1 + (1 << 3);
        if (a2) strong[n++] = local - (1 << 3) + (1 << 6);
        for (int k = 0; k < n; k++) {
            uint64_t other = key + ((uint64_t)(strong[k] - local) << shift);
            int32_t found = layer_find(layer, other);
            if (found >= 0 && !layer->dead[found] && layer->items[found].score >= score) {
                beaten[i] = 1;
                break;
            }
        }
    }
    for (int32_t i = 0; i < layer->len; i++)
        if (beaten[i]) layer->dead[i] = 1;
    free(beaten);
    return 0;
}

typedef struct {
    uint64_t bucket;
    int32_t index;
} Bucketed;

static int by_bucket(const void *a, const void *b) {
    const Bucketed *x = a, *y = b;
    if (x->bucket != y->bucket) return x->bucket < y->bucket ? -1 : 1;
    return x->index - y->index;
}

/* solver_dp._drop_joker_dominated: same state but for jokers, one using no more jokers
   and with at least the room to lay the others, scoring at least as much, wins. */
static int drop_joker_dominated(Layer *layer, int total) {
    int32_t live = layer_live(layer);
    if (live < 2) return 0;
    Bucketed *order = malloc(sizeof(Bucketed) * (size_t)live);
    uint8_t *beaten = calloc((size_t)layer->len, 1);
    if (!order || !beaten) {
        free(order);
        free(beaten);
        PyErr_NoMemory();
        return -1;
    }
    int32_t n = 0;
    for (int32_t i = 0; i < layer->len; i++) {
        if (layer->dead[i]) continue;
        order[n].bucket = layer->items[i].key & ~(JOKER_MASK | ROOM_MASK);
        order[n].index = i;
        n++;
    }
    qsort(order, (size_t)n, sizeof(Bucketed), by_bucket);
    for (int32_t lo = 0; lo < n;) {
        int32_t hi = lo + 1;
        while (hi < n && order[hi].bucket == order[lo].bucket) hi++;
        for (int32_t a = lo; hi - lo > 1 && a < hi; a++) {
            const Entry *e = &layer->items[order[a].index];
            int used = (int)((e->key >> JOKER_SHIFT) & 7);
            int room = (int)((e->key >> ROOM_SHIFT) & 7);
            if (room > total - used) room = total - used;
            for (int32_t b = lo; b < hi; b++) {
                if (b == a) continue;
                const Entry *o = &layer->items[order[b].index];
                int o_used = (int)((o->key >> JOKER_SHIFT) & 7);
                int o_room = (int)((o->key >> ROOM_SHIFT) & 7);
                if (o_room > total - o_used) o_room = total - o_used;
                if (o->score >= e->score && o_used <= used && o_used + o_room >= used + room &&
                    (o_used < used || o_room > room)) {
                    beaten[order[a].index] = 1;
                    break;
                }
            }
        }
        lo = hi;
    }
    for (int32_t i = 0; i < layer->len; i++)
        if (beaten[i]) layer->dead[i] = 1;
    free(order);
    free(beaten);
    return 0;
}

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

static void plans_free(Plans *plans) {
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

typedef struct {
    int table[COLOURS][NUMBERS + 1];
    int rack[COLOURS][NUMBERS + 1];
    int64_t weights[COLOURS][NUMBERS + 1];
    int ahead[COLOURS][NUMBERS + 3];
    int gaps[COLOURS][NUMBERS + 1];
    int exact;
    int opening; /* -1: none */
    PyObject *options;
} Position;

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

/* The moves of one colour at one number from runs ``local`` with ``left`` jokers, as key
   deltas and gains (kept for this solve). Returns the offset of the first, -1 on error. */
static int32_t plan_for(Plans *plans, const Position *pos, int number, int colour,
                        int64_t local, int left, int32_t *count) {
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

static int parse_counts(PyObject *rows, int64_t out[COLOURS][NUMBERS + 1], const char *what) {
    PyObject *seq = PySequence_Fast(rows, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) < COLOURS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: expected %d colours", what, COLOURS);
        return -1;
    }
    for (int c = 0; c < COLOURS; c++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c), what);
        if (!row) {
            Py_DECREF(seq);
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(row) < NUMBERS + 1) {
            Py_DECREF(row);
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: expected numbers 0..%d", what, NUMBERS);
            return -1;
        }
        for (int n = 0; n <= NUMBERS; n++) {
            long long value = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(row, n));
            if (value == -1 && PyErr_Occurred()) {
                Py_DECREF(row);
                Py_DECREF(seq);
                return -1;
            }
            out[c][n] = value;
        }
        Py_DECREF(row);
    }
    Py_DECREF(seq);
    return 0;
}

/* solver_dp.group_jokers: the joker counts that make the groups of one number feasible. */
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

/* solver_dp.group_children: the states after jokers join the groups of `number` in state
   `key` (children[k], with ways[k] jokers joining; returns how many). `opening`: its
   minimum in an opening, else -1. */
static int group_children(uint64_t key, int total, int number, int opening,
                          uint64_t children[8], int ways[8]) {
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

static PyObject *run(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *table_o, *rack_o, *weights_o, *opening_o, *options;
    int table_jokers, rack_jokers;
    long long joker_weight, floor;
    if (!PyArg_ParseTuple(args, "OOiiOLOLO", &table_o, &rack_o, &table_jokers, &rack_jokers,
                          &weights_o, &joker_weight, &opening_o, &floor, &options))
        return NULL;
    Position pos;
    int64_t table[COLOURS][NUMBERS + 1], rack[COLOURS][NUMBERS + 1];
    if (parse_counts(table_o, table, "table") < 0 || parse_counts(rack_o, rack, "rack") < 0 ||
        parse_counts(weights_o, pos.weights, "weights") < 0)
        return NULL;
    int total = table_jokers + rack_jokers;
    if (table_jokers < 0 || rack_jokers < 0 || total > 7) {
        PyErr_SetString(PyExc_ValueError, "jokers: 0 to 7 in all");
        return NULL;
    }
    for (int c = 0; c < COLOURS; c++)
        for (int n = 0; n <= NUMBERS; n++)
            if (table[c][n] < 0 || rack[c][n] < 0 || table[c][n] + rack[c][n] > 7) {
                PyErr_SetString(PyExc_ValueError, "tile counts: 0 to 7 of each tile");
                return NULL;
            }
    if (!PyCallable_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "option_list must be callable");
        return NULL;
    }
    pos.options = options;
    if (opening_o == Py_None) {
        pos.opening = -1;
    } else {
        long value = PyLong_AsLong(opening_o);
        if (value == -1 && PyErr_Occurred()) return NULL;
        if (value < 0 || value > 255) {
            PyErr_SetString(PyExc_ValueError, "opening: 0 to 255");
            return NULL;
        }
        pos.opening = (int)value;
    }
    pos.exact = pos.opening >= 0 || total > 2;
    for (int c = 0; c < COLOURS; c++) {
        for (int n = 0; n < NUMBERS + 3; n++) pos.ahead[c][n] = 0;
        for (int n = 0; n <= NUMBERS; n++) {
            pos.table[c][n] = (int)table[c][n];
            pos.rack[c][n] = (int)rack[c][n];
            if (n >= 1) pos.ahead[c][n] = (int)(table[c][n] + rack[c][n]);
        }
        for (int n = 0; n <= NUMBERS; n++) {
            pos.gaps[c][n] = 99;
            for (int ahead = n + 1; ahead <= NUMBERS; ahead++)
                if (pos.ahead[c][ahead]) {
                    pos.gaps[c][n] = ahead - n;
                    break;
                }
        }
    }
    int64_t still[NUMBERS + 1][COLOURS];
    int64_t ahead_gain = (int64_t)rack_jokers * (joker_weight > 0 ? joker_weight : 0);
    for (int n = NUMBERS; n >= 1; n--)
        for (int c = COLOURS - 1; c >= 0; c--) {
            still[n][c] = ahead_gain;
            ahead_gain += (int64_t)pos.rack[c][n] * pos.weights[c][n];
        }
    const int capped = pos.opening >= 0;
    const uint64_t cap = capped ? (uint64_t)pos.opening : 0;

    Layer layers[LAYERS];
    int count = 0;
    Plans plans;
    memset(&plans, 0, sizeof plans);
    PyObject *result = NULL;
    int failed = 0;
    int empty = 0;

    if (layer_init(&layers[0], 0, -2, 1) < 0) goto done;
    count = 1;
    layer_offer(&layers[0], 0, 0, -1, -1);

    for (int number = 1; number <= NUMBERS && !failed && !empty; number++) {
        for (int colour = 0; colour < COLOURS && !failed; colour++) {
            Layer *cur = &layers[count - 1];
            Layer *nxt = &layers[count];
            if (layer_init(nxt, number, colour, cur->len * 2) < 0) {
                failed = 1;
                break;
            }
            count++;
            int shift = COLOUR_BITS * colour;
            int t = pos.table[colour][number], r = pos.rack[colour][number];
            if (!(t || r || total)) {
                /* Nothing can happen in this colour: runs of 3+ stop, shorter ones die. */
                for (int32_t i = 0; i < cur->len && !failed; i++) {
                    if (cur->dead[i]) continue;
                    uint64_t key = cur->items[i].key;
                    uint64_t local = (key >> shift) & COLOUR_MASK;
                    if (local & 0x3F) continue;
                    if (layer_offer(nxt, key - (local << shift), cur->items[i].score, i, -1) < 0)
                        failed = 1;
                }
                layer_drop_index(cur);
                continue;
            }
            int64_t least = floor - still[number][colour];
            for (int32_t i = 0; i < cur->len && !failed; i++) {
                if (cur->dead[i]) continue;
                uint64_t key = cur->items[i].key;
                int64_t score = cur->items[i].score;
                int64_t local = (int64_t)((key >> shift) & COLOUR_MASK);
                int left = total - (int)((key >> JOKER_SHIFT) & 7);
                int32_t moves;
                int32_t first = plan_for(&plans, &pos, number, colour, local, left, &moves);
                if (first < 0) {
                    failed = 1;
                    break;
                }
                const Move *move = plans.moves + first;
                for (int32_t m = 0; m < moves; m++, move++) {
                    uint64_t child = key + (uint64_t)move->delta;
                    if (move->space) {
                        int room = (int)((child >> ROOM_SHIFT) & 7);
                        if (room < total) {
                            int more = room + move->space;
                            if (more > total) more = total;
                            child += (uint64_t)(more - room) << ROOM_SHIFT;
                        }
                    }
                    if (capped) {
                        uint64_t value = (child >> VALUE_SHIFT) & 255;
                        if (value > cap) child -= (value - cap) << VALUE_SHIFT;
                    }
                    int64_t gained = score + move->gain;
                    if (gained >= least && layer_offer(nxt, child, gained, i, move->index) < 0) {
                        failed = 1;
                        break;
                    }
                }
            }
            layer_drop_index(cur);
            if (!failed && drop_dominated(nxt, colour) < 0) failed = 1;
        }
        if (failed) break;
        /* Jokers may join this number's groups; then the group counters reset. */
        Layer *cur = &layers[count - 1];
        Layer *nxt = &layers[count];
        if (layer_init(nxt, number, -1, cur->len) < 0) {
            failed = 1;
            break;
        }
        count++;
        for (int32_t i = 0; i < cur->len && !failed; i++) {
            if (cur->dead[i]) continue;
            uint64_t children[8];
            int ways[8];
            int n = group_children(cur->items[i].key, total, number, pos.opening, children, ways);
            for (int k = 0; k < n; k++) {
                if (layer_offer(nxt, children[k], cur->items[i].score, i, ways[k]) < 0) {
                    failed = 1;
                    break;
                }
            }
        }
        layer_drop_index(cur);
        if (failed) break;
        if (total && drop_joker_dominated(nxt, total) < 0) {
            failed = 1;
            break;
        }
        if (!layer_live(nxt)) empty = 1;
    }
    if (failed) goto done;
    if (empty) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    {
        Layer *last = &layers[count - 1];
        int64_t best = -1;
        int32_t best_index = -1;
        int best_absorbed = 0;
        for (int32_t i = 0; i < last->len; i++) {
            if (last->dead[i]) continue;
            uint64_t key = last->items[i].key;
            if (key & SHORT_MASK) continue;
            int used = (int)((key >> JOKER_SHIFT) & 7);
            int room = (int)((key >> ROOM_SHIFT) & 7);
            /* Jokers not laid yet go where closed sets have room (table jokers must). */
            int most = used + room < total ? used + room : total;
            if (most < table_jokers) continue;
            int final = joker_weight > 0 ? most : (used > table_jokers ? used : table_jokers);
            if (capped && ((key >> VALUE_SHIFT) & 255) < cap) continue;
            int64_t score = last->items[i].score + (int64_t)(final - table_jokers) * joker_weight;
            if (score > best && score >= floor) {
                best = score;
                best_index = i;
                best_absorbed = final - used;
            }
        }
        if (best_index < 0) {
            result = Py_NewRef(Py_None);
            goto done;
        }
        PyObject *path = PyList_New(count - 1);
        if (!path) goto done;
        int32_t index = best_index;
        for (int l = count - 1; l >= 1; l--) {
            const Entry *entry = &layers[l].items[index];
            uint64_t parent = layers[l - 1].items[entry->parent].key;
            PyObject *step = Py_BuildValue("(iiKi)", layers[l].number, layers[l].colour,
                                           (unsigned long long)parent, entry->choice);
            if (!step) {
                Py_DECREF(path);
                goto done;
            }
            PyList_SET_ITEM(path, l - 1, step);
            index = entry->parent;
        }
        result = Py_BuildValue("(LKNi)", (long long)best,
                               (unsigned long long)last->items[best_index].key, path,
                               best_absorbed);
    }
done:
    for (int l = 0; l < count; l++) layer_free(&layers[l]);
    plans_free(&plans);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS,
     "run(table, rack, table_jokers, rack_jokers, weights, joker_weight, opening, floor, "
     "option_list) -> (score, final state, path, jokers absorbed) or None: "
     "engine.solver.dp.run_dp, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "engine.solver._dpcore",
    "The layered dynamic program of engine.solver.dp, compiled (same states, same answer).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dpcore(void) { return PyModule_Create(&module); }
