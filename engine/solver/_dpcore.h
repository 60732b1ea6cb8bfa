/* What the translation units of engine.solver._dpcore share: the state's bit layout
   (engine/solver/state.py), a layer of states, a solve's moves, and the position.

   _dpcore.c        the module and run(): the layered program, layer after layer
   _dpcore_layer.c  a layer (an open-addressing table keeping insertion order, like a
                    Python dict) and the dominance rules (engine/solver/dominance.py)
   _dpcore_moves.c  the moves: option_list's answers kept for the process, a solve's
                    moves as state deltas, the group step (engine/solver/state.py) */

#ifndef RAMI_DPCORE_H
#define RAMI_DPCORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

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
   shared between solves but the option table of _dpcore_moves.c, so threads may solve
   at once). */
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

typedef struct {
    int table[COLOURS][NUMBERS + 1];
    int rack[COLOURS][NUMBERS + 1];
    int64_t weights[COLOURS][NUMBERS + 1];
    int ahead[COLOURS][NUMBERS + 3];
    int gaps[COLOURS][NUMBERS + 1];
    int table_jokers, rack_jokers, total;
    int64_t joker_weight;
    int exact;
    int opening; /* -1: none */
    PyObject *options;
} Position;

static inline uint32_t hash64(uint64_t key, uint32_t mask) {
    key *= 0x9E3779B97F4A7C15ULL;
    return (uint32_t)(key >> 32) & mask;
}

/* Shared between the translation units only: kept out of the module's exported symbols
   (the one file they came from had them all static). */
#if defined(__GNUC__)
#define INTERNAL __attribute__((visibility("hidden")))
#else
#define INTERNAL
#endif

/* _dpcore_layer.c */
INTERNAL int layer_init(Layer *layer, int number, int colour, int32_t hint);
INTERNAL void layer_drop_index(Layer *layer);
INTERNAL void layer_free(Layer *layer);
INTERNAL int layer_grow(Layer *layer);
INTERNAL int32_t layer_live(const Layer *layer);
INTERNAL int drop_dominated(Layer *layer, int colour);
INTERNAL int drop_joker_dominated(Layer *layer, int total);

/* _dpcore_moves.c */
INTERNAL int32_t plan_for(Plans *plans, const Position *pos, int number, int colour,
                          int64_t local, int left, int32_t *count);
INTERNAL void plans_free(Plans *plans);
INTERNAL int group_children(uint64_t key, int total, int number, int opening,
                            uint64_t children[8], int ways[8]);

/* The index of ``key`` in the layer, or -1 (inline: the inner loops call it). */
static inline int32_t layer_find(const Layer *layer, uint64_t key) {
    uint32_t at = hash64(key, layer->mask);
    int32_t slot;
    while ((slot = layer->slots[at])) {
        if (layer->items[slot - 1].key == key) return slot - 1;
        at = (at + 1) & layer->mask;
    }
    return -1;
}

/* nxt[child] = score (with its parent) when better than what is there (-1 if nothing);
   inline: called once per move of every state. */
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

#endif
