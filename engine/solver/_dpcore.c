/* The layered dynamic program of engine/solver/dp.py (run_dp), compiled.

   The same program, state for state: the states are the same 64-bit integers (the bit
   layout of engine/solver/state.py), the moves come from the same Python function
   (option_list, called once per step and distinct (runs, jokers left) pair and cached),
   layers keep the insertion order of a Python dict, and ties are broken the same way,
   so the play found is the very one the Python program finds. Only the bookkeeping is
   C: open addressing tables instead of dicts, parents kept as indexes into the previous
   layer. This file holds the module and run(), layer after layer; the layers and the
   dominance rules are in _dpcore_layer.c, the moves in _dpcore_moves.c (_dpcore.h).

   engine.solver.dp.run_dp stays the reference (and the fallback where no compiler was
   found at install time); tests/engine/solver/test_core.py checks that both agree. */

#include "_dpcore.h"

#include <string.h>

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

/* run()'s arguments as a position, checked, with the tiles ahead and the gaps the moves
   look at (as engine.solver.problem.Problem computes them). */
static int read_position(PyObject *args, Position *pos, int64_t *floor) {
    PyObject *table_o, *rack_o, *weights_o, *opening_o, *options;
    int table_jokers, rack_jokers;
    long long joker_weight, floor_arg;
    if (!PyArg_ParseTuple(args, "OOiiOLOLO", &table_o, &rack_o, &table_jokers, &rack_jokers,
                          &weights_o, &joker_weight, &opening_o, &floor_arg, &options))
        return -1;
    int64_t table[COLOURS][NUMBERS + 1], rack[COLOURS][NUMBERS + 1];
    if (parse_counts(table_o, table, "table") < 0 || parse_counts(rack_o, rack, "rack") < 0 ||
        parse_counts(weights_o, pos->weights, "weights") < 0)
        return -1;
    int total = table_jokers + rack_jokers;
    if (table_jokers < 0 || rack_jokers < 0 || total > 7) {
        PyErr_SetString(PyExc_ValueError, "jokers: 0 to 7 in all");
        return -1;
    }
    for (int c = 0; c < COLOURS; c++)
        for (int n = 0; n <= NUMBERS; n++)
            if (table[c][n] < 0 || rack[c][n] < 0 || table[c][n] + rack[c][n] > 7) {
                PyErr_SetString(PyExc_ValueError, "tile counts: 0 to 7 of each tile");
                return -1;
            }
    if (!PyCallable_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "option_list must be callable");
        return -1;
    }
    pos->options = options;
    if (opening_o == Py_None) {
        pos->opening = -1;
    } else {
        long value = PyLong_AsLong(opening_o);
        if (value == -1 && PyErr_Occurred()) return -1;
        if (value < 0 || value > 255) {
            PyErr_SetString(PyExc_ValueError, "opening: 0 to 255");
            return -1;
        }
        pos->opening = (int)value;
    }
    pos->table_jokers = table_jokers;
    pos->rack_jokers = rack_jokers;
    pos->total = total;
    pos->joker_weight = joker_weight;
    pos->exact = pos->opening >= 0 || total > 2;
    for (int c = 0; c < COLOURS; c++) {
        for (int n = 0; n < NUMBERS + 3; n++) pos->ahead[c][n] = 0;
        for (int n = 0; n <= NUMBERS; n++) {
            pos->table[c][n] = (int)table[c][n];
            pos->rack[c][n] = (int)rack[c][n];
            if (n >= 1) pos->ahead[c][n] = (int)(table[c][n] + rack[c][n]);
        }
        for (int n = 0; n <= NUMBERS; n++) {
            pos->gaps[c][n] = 99;
            for (int ahead = n + 1; ahead <= NUMBERS; ahead++)
                if (pos->ahead[c][ahead]) {
                    pos->gaps[c][n] = ahead - n;
                    break;
                }
        }
    }
    *floor = floor_arg;
    return 0;
}

/* dp._colour_layer: the states after `colour` plays `number` from each live state of
   `cur`, into `nxt`; those under `least` and those another dominates are dropped, but
   where nothing can happen the states are only carried over. */
static int colour_layer(const Layer *cur, Layer *nxt, Plans *plans, const Position *pos,
                        int number, int colour, int64_t least) {
    int shift = COLOUR_BITS * colour;
    int total = pos->total;
    if (!(pos->table[colour][number] || pos->rack[colour][number] || total)) {
        /* Nothing can happen in this colour: runs of 3+ stop, shorter ones die. */
        for (int32_t i = 0; i < cur->len; i++) {
            if (cur->dead[i]) continue;
            uint64_t key = cur->items[i].key;
            uint64_t local = (key >> shift) & COLOUR_MASK;
            if (local & 0x3F) continue;
            if (layer_offer(nxt, key - (local << shift), cur->items[i].score, i, -1) < 0)
                return -1;
        }
        return 0;
    }
    const int capped = pos->opening >= 0;
    const uint64_t cap = capped ? (uint64_t)pos->opening : 0;
    for (int32_t i = 0; i < cur->len; i++) {
        if (cur->dead[i]) continue;
        uint64_t key = cur->items[i].key;
        int64_t score = cur->items[i].score;
        int64_t local = (int64_t)((key >> shift) & COLOUR_MASK);
        int left = total - (int)((key >> JOKER_SHIFT) & 7);
        int32_t moves;
        int32_t first = plan_for(plans, pos, number, colour, local, left, &moves);
        if (first < 0) return -1;
        const Move *move = plans->moves + first;
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
            if (gained >= least && layer_offer(nxt, child, gained, i, move->index) < 0)
                return -1;
        }
    }
    return drop_dominated(nxt, colour);
}

/* dp._group_layer: the states after jokers join the groups of `number`, into `nxt`,
   those another beats on jokers dropped. */
static int group_layer(const Layer *cur, Layer *nxt, const Position *pos, int number) {
    for (int32_t i = 0; i < cur->len; i++) {
        if (cur->dead[i]) continue;
        uint64_t children[8];
        int ways[8];
        int n = group_children(cur->items[i].key, pos->total, number, pos->opening, children,
                               ways);
        for (int k = 0; k < n; k++)
            if (layer_offer(nxt, children[k], cur->items[i].score, i, ways[k]) < 0) return -1;
    }
    return pos->total ? drop_joker_dominated(nxt, pos->total) : 0;
}

/* dp._best: the best final state of the last layer reaching `floor`, as (score, final
   state, path, jokers absorbed), or None. */
static PyObject *best_play(const Layer *layers, int count, const Position *pos,
                           int64_t floor) {
    const Layer *last = &layers[count - 1];
    int total = pos->total, table_jokers = pos->table_jokers;
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
        int final = pos->joker_weight > 0 ? most : (used > table_jokers ? used : table_jokers);
        if (pos->opening >= 0 && ((key >> VALUE_SHIFT) & 255) < (uint64_t)pos->opening) continue;
        int64_t score = last->items[i].score + (int64_t)(final - table_jokers) * pos->joker_weight;
        if (score > best && score >= floor) {
            best = score;
            best_index = i;
            best_absorbed = final - used;
        }
    }
    if (best_index < 0) return Py_NewRef(Py_None);
    PyObject *path = PyList_New(count - 1);
    if (!path) return NULL;
    int32_t index = best_index;
    for (int l = count - 1; l >= 1; l--) {
        const Entry *entry = &layers[l].items[index];
        uint64_t parent = layers[l - 1].items[entry->parent].key;
        PyObject *step = Py_BuildValue("(iiKi)", layers[l].number, layers[l].colour,
                                       (unsigned long long)parent, entry->choice);
        if (!step) {
            Py_DECREF(path);
            return NULL;
        }
        PyList_SET_ITEM(path, l - 1, step);
        index = entry->parent;
    }
    return Py_BuildValue("(LKNi)", (long long)best,
                         (unsigned long long)last->items[best_index].key, path, best_absorbed);
}

static PyObject *run(PyObject *self, PyObject *args) {
    (void)self;
    Position pos;
    int64_t floor;
    if (read_position(args, &pos, &floor) < 0) return NULL;
    /* Most a state can still gain after each (number, colour) step. */
    int64_t still[NUMBERS + 1][COLOURS];
    int64_t ahead_gain = (int64_t)pos.rack_jokers * (pos.joker_weight > 0 ? pos.joker_weight : 0);
    for (int n = NUMBERS; n >= 1; n--)
        for (int c = COLOURS - 1; c >= 0; c--) {
            still[n][c] = ahead_gain;
            ahead_gain += (int64_t)pos.rack[c][n] * pos.weights[c][n];
        }

    Layer layers[LAYERS];
    int count = 0;
    Plans plans;
    memset(&plans, 0, sizeof plans);
    PyObject *result = NULL;

    if (layer_init(&layers[0], 0, -2, 1) < 0) goto done;
    count = 1;
    layer_offer(&layers[0], 0, 0, -1, -1);
    for (int number = 1; number <= NUMBERS; number++) {
        for (int colour = 0; colour < COLOURS; colour++) {
            Layer *cur = &layers[count - 1], *nxt = &layers[count];
            if (layer_init(nxt, number, colour, cur->len * 2) < 0) goto done;
            count++;
            int failed = colour_layer(cur, nxt, &plans, &pos, number, colour,
                                      floor - still[number][colour]) < 0;
            layer_drop_index(cur);
            if (failed) goto done;
        }
        Layer *cur = &layers[count - 1], *nxt = &layers[count];
        if (layer_init(nxt, number, -1, cur->len) < 0) goto done;
        count++;
        int failed = group_layer(cur, nxt, &pos, number) < 0;
        layer_drop_index(cur);
        if (failed) goto done;
        if (!layer_live(nxt)) {
            result = Py_NewRef(Py_None);
            goto done;
        }
    }
    result = best_play(layers, count, &pos, floor);
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
