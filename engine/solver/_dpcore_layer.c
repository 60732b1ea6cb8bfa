/* A layer of the compiled layered program (an open-addressing table of states that keeps
   insertion order, like a Python dict), and the dominance rules of
   engine/solver/dominance.py applied to it. */

#include "_dpcore.h"

#include <stdlib.h>
#include <string.h>

/* An empty layer for about ``hint`` states (growing past them), at (number, colour). */
int layer_init(Layer *layer, int number, int colour, int32_t hint) {
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

/* A layer's index is needed only while it is filled and pruned: freed once the next
   layer is made (its states stay, for the path). */
void layer_drop_index(Layer *layer) {
    free(layer->slots);
    layer->slots = NULL;
}

void layer_free(Layer *layer) {
    free(layer->items);
    free(layer->dead);
    free(layer->slots);
    layer->items = NULL;
    layer->dead = NULL;
    layer->slots = NULL;
}

/* Twice the room, the index rebuilt (the states keep their order). */
int layer_grow(Layer *layer) {
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

/* How many states no dominance rule dropped. */
int32_t layer_live(const Layer *layer) {
    int32_t live = 0;
    for (int32_t i = 0; i < layer->len; i++) live += !layer->dead[i];
    return live;
}

/* dominance.drop_dominated: a state is dropped when a state one step stronger in that
   colour's runs (dominators()) is there with a score at least as high; every check is
   made against the whole layer before anything is dropped. */
int drop_dominated(Layer *layer, int colour) {
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

/* A state's index with its key but for jokers and room, for sorting into buckets. */
typedef struct {
    uint64_t bucket;
    int32_t index;
} Bucketed;

static int by_bucket(const void *a, const void *b) {
    const Bucketed *x = a, *y = b;
    if (x->bucket != y->bucket) return x->bucket < y->bucket ? -1 : 1;
    return x->index - y->index;
}

/* dominance.drop_joker_dominated: same state but for jokers, one using no more jokers
   and with at least the room to lay the others, scoring at least as much, wins. */
int drop_joker_dominated(Layer *layer, int total) {
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
