/* The fast replay's hot loops in C (issue 20): the hand masks, the bidding walk and the trick
   play over bit masks.

   Each function is the twin of a pure-Python function in fastpath.py, which stays as the fallback
   (this module absent) and as the oracle the tests hold these equal to:

     hand_masks(hands, kitty, turned_bit, pack)                       fastpath._hand_masks
     play_known(tricks, orders, lead, trump, masks)                   fastpath._play_known
     play_inferred(tricks, orders, lead, trump, pack, used,
                   turned_bit, dealer)                                fastpath._play_inferred
     bid(calls, seats, dealer, turned_suit, flags)                    fastpath._bid

   Contract: when a function returns a value, it is the value its twin returns for the same
   arguments. It raises TypeError for arguments of a shape it does not take (a list where the
   model has a tuple, an int past 64 bits, a seat out of 0-3 ...); the caller then runs the twin.
   Attribute errors of the objects given propagate as they would in the twin.

   The C holds no euchre knowledge of its own: init() is given, by fastpath.py, the cards in bit
   order (card i has the bit 1 << i), the suits, and per trump each card's effective suit index
   and power, all built from cards.py; init_bidding() the call words. bid() is given the table's
   seat objects (by index; the seat on i's left is i + 1 modulo n). The walk itself (the
   order of the checks) is the twin's, line by line. Cards are found by identity (they are interned singletons).
   Unlike the twins, play_known does not consume the masks list it is given.

   The table has any number of seats from 2 to MAXSEATS (issue 32: one fast path for every
   table): hand_masks takes one hand per seat, play_known one order of play per seat that may
   lead (the seats as ints 0 .. n-1) and one mask per seat; the four-handed game is the same loop
   with n = 4; bid walks n seats (the four-handed options only at four). play_inferred (cards
   inferred from the play alone) stays four-handed. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAXCARDS 48                  /* 26 sums of bits below 2**48 never pass 64 bits */
#define HT 256                       /* open-addressing table: card object -> bit index */
#define MAXSEATS 8                   /* seats at a table: orders, masks and hands up to this */

static PyObject *cards[MAXCARDS];   /* strong references: the pointers stay valid */
static int ncards = 0;
static PyObject *suits[4];          /* strong references */
static int eff[4][MAXCARDS];        /* per trump index: effective suit index of card i */
static long power[4][MAXCARDS];     /* per trump index: power of card i */
static uint64_t suit_mask[4][4];    /* per trump index, per effective suit: mask of its cards */
static PyObject *ht_key[HT];        /* borrowed from cards[] */
static int ht_val[HT];
static int ready = 0;

static PyObject *s_cards, *s_leader;   /* interned attribute names */

static size_t
slot_of(PyObject *o)
{
    uintptr_t p = (uintptr_t)o;
    return (size_t)((p >> 4) ^ (p >> 12)) & (HT - 1);
}

/* The bit index of a card, or -1 for any other object (an error set if it is unhashable, as
   the twin's dict lookup raises TypeError then; -2 returned in that case). */
static int
card_index(PyObject *o)
{
    size_t h = slot_of(o);
    while (ht_key[h] != NULL) {
        if (ht_key[h] == o)
            return ht_val[h];
        h = (h + 1) & (HT - 1);
    }
    if (PyObject_Hash(o) == -1)
        return -2;
    return -1;
}

static void
clear_tables(void)
{
    for (int i = 0; i < ncards; i++)
        Py_CLEAR(cards[i]);
    for (int s = 0; s < 4; s++)
        Py_CLEAR(suits[s]);
    memset(ht_key, 0, sizeof ht_key);
    ncards = 0;
    ready = 0;
}

static int
unsupported(const char *what)
{
    PyErr_Format(PyExc_TypeError, "_cplay: %s", what);
    return -1;
}

/* A Python int in 0 .. 2**64-1 into *out; else TypeError (-1). */
static int
as_u64(PyObject *o, uint64_t *out)
{
    if (!PyLong_Check(o))
        return unsupported("not an int");
    unsigned long long v = PyLong_AsUnsignedLongLong(o);   /* OverflowError: negative or too big */
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return unsupported("an int out of 0 .. 2**64-1");
    }
    *out = (uint64_t)v;
    return 0;
}

/* A small int into *out (any int with int's own comparison); else TypeError. */
static int
as_small(PyObject *o, long lo, long hi, long *out)
{
    if (!PyLong_Check(o) || Py_TYPE(o)->tp_richcompare != PyLong_Type.tp_richcompare)
        return unsupported("not a plain int");
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi)
        return unsupported("an int out of range");
    *out = v;
    return 0;
}

static PyObject *
cplay_init(PyObject *self, PyObject *args)
{
    PyObject *cards_t, *suits_t, *effs_t, *powers_t;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:init", &PyTuple_Type, &cards_t, &PyTuple_Type, &suits_t,
                          &PyTuple_Type, &effs_t, &PyTuple_Type, &powers_t))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(cards_t);
    if (n < 1 || n > MAXCARDS || PyTuple_GET_SIZE(suits_t) != 4 || PyTuple_GET_SIZE(effs_t) != 4
            || PyTuple_GET_SIZE(powers_t) != 4) {
        PyErr_SetString(PyExc_ValueError, "init: 1-48 cards, and 4 suits, effs and powers");
        return NULL;
    }
    clear_tables();
    memset(suit_mask, 0, sizeof suit_mask);
    for (int t = 0; t < 4; t++) {
        PyObject *e = PyTuple_GET_ITEM(effs_t, t), *p = PyTuple_GET_ITEM(powers_t, t);
        if (!PyTuple_Check(e) || !PyTuple_Check(p) || PyTuple_GET_SIZE(e) != n
                || PyTuple_GET_SIZE(p) != n) {
            PyErr_SetString(PyExc_ValueError, "init: effs[t] and powers[t] give one int per card");
            goto fail;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            long ev, pv;
            if (as_small(PyTuple_GET_ITEM(e, i), 0, 3, &ev) < 0
                    || as_small(PyTuple_GET_ITEM(p, i), -1000000, 1000000, &pv) < 0) {
                PyErr_Clear();
                PyErr_SetString(PyExc_ValueError, "init: suit indexes 0-3, small powers");
                goto fail;
            }
            eff[t][i] = (int)ev;
            power[t][i] = pv;
            suit_mask[t][ev] |= (uint64_t)1 << i;
        }
    }
    for (int s = 0; s < 4; s++) {
        suits[s] = PyTuple_GET_ITEM(suits_t, s);
        Py_INCREF(suits[s]);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *c = PyTuple_GET_ITEM(cards_t, i);
        size_t h = slot_of(c);
        while (ht_key[h] != NULL) {
            if (ht_key[h] == c) {
                PyErr_SetString(PyExc_ValueError, "init: a card given twice");
                ncards = (int)i;
                goto fail;
            }
            h = (h + 1) & (HT - 1);
        }
        Py_INCREF(c);
        cards[i] = c;
        ht_key[h] = c;
        ht_val[h] = (int)i;
    }
    ncards = (int)n;
    ready = 1;
    Py_RETURN_NONE;
fail:
    clear_tables();
    return NULL;
}

static int
trump_index(PyObject *trump)
{
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_cplay.init() was not called");
        return -1;
    }
    for (int s = 0; s < 4; s++)
        if (suits[s] == trump)
            return s;
    unsupported("not a suit");
    return -1;
}

/* orders: a tuple of one tuple per seat at the table (2 .. MAXSEATS of them: *seats_out), the
   order of play when that seat leads, each of n seats (ints 0 .. seats-1), n the same for all,
   1 <= n <= seats. */
static int
read_orders(PyObject *orders, int seats[MAXSEATS][MAXSEATS], Py_ssize_t *n_out,
            Py_ssize_t *seats_out)
{
    if (!PyTuple_Check(orders) || PyTuple_GET_SIZE(orders) < 2
            || PyTuple_GET_SIZE(orders) > MAXSEATS)
        return unsupported("orders: not a tuple of 2-8");
    Py_ssize_t table = PyTuple_GET_SIZE(orders);
    Py_ssize_t n = -1;
    for (Py_ssize_t l = 0; l < table; l++) {
        PyObject *o = PyTuple_GET_ITEM(orders, l);
        if (!PyTuple_Check(o))
            return unsupported("orders: not tuples");
        Py_ssize_t k = PyTuple_GET_SIZE(o);
        if (n < 0)
            n = k;
        if (k != n || k < 1 || k > table)
            return unsupported("orders: of 1 to the table's seats each, all alike");
        for (Py_ssize_t j = 0; j < k; j++) {
            long v;
            if (as_small(PyTuple_GET_ITEM(o, j), 0, table - 1, &v) < 0)
                return -1;
            seats[l][j] = (int)v;
        }
    }
    *n_out = n;
    *seats_out = table;
    return 0;
}

/* trick.cards (a tuple, new reference) after checking its size and trick.leader as the twin
   does: *stop = 1 when the twin returns None here. */
static PyObject *
trick_cards(PyObject *trick, Py_ssize_t n, PyObject *lead_obj, int *stop)
{
    *stop = 0;
    PyObject *cards_o = PyObject_GetAttr(trick, s_cards);
    if (cards_o == NULL)
        return NULL;
    if (!PyTuple_Check(cards_o)) {
        Py_DECREF(cards_o);
        unsupported("trick.cards: not a tuple");
        return NULL;
    }
    if (PyTuple_GET_SIZE(cards_o) != n) {
        *stop = 1;
        return cards_o;
    }
    PyObject *leader = PyObject_GetAttr(trick, s_leader);
    if (leader == NULL) {
        Py_DECREF(cards_o);
        return NULL;
    }
    if (leader != Py_None) {
        int ne = PyObject_RichCompareBool(leader, lead_obj, Py_NE);
        if (ne < 0) {
            Py_DECREF(leader);
            Py_DECREF(cards_o);
            return NULL;
        }
        if (ne)
            *stop = 1;
    }
    Py_DECREF(leader);
    return cards_o;
}

/* The cards of tricks[ti], led by seat ``lead``, for the two trick loops: 0 with a new reference
   in *cards_out; 1 where the fast path stops (a trick of another size than n, or a recorded
   leader other than ``lead``: the twin returns None there); -1 with an error raised. */
static int
next_trick(PyObject *tricks, Py_ssize_t ti, Py_ssize_t n, long lead, PyObject **cards_out)
{
    *cards_out = NULL;
    PyObject *lead_int = PyLong_FromLong(lead);
    if (lead_int == NULL)
        return -1;
    int stop;
    PyObject *cards_o = trick_cards(PyTuple_GET_ITEM(tricks, ti), n, lead_int, &stop);
    Py_DECREF(lead_int);
    if (cards_o == NULL)
        return -1;
    if (stop) {
        Py_DECREF(cards_o);
        return 1;
    }
    *cards_out = cards_o;
    return 0;
}

static PyObject *
winners_list(const int *winners, Py_ssize_t count)
{
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(winners[i]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* The checks every entry point makes first: its number of arguments (``usage`` in the TypeError)
   and that its tables were given (``init``: the function that gives them). 0 with an error set. */
static int
entry_ok(Py_ssize_t nargs, Py_ssize_t want, const char *usage, int is_ready, const char *init)
{
    if (nargs != want) {
        PyErr_SetString(PyExc_TypeError, usage);
        return 0;
    }
    if (!is_ready) {
        PyErr_Format(PyExc_RuntimeError, "_cplay.%s() was not called", init);
        return 0;
    }
    return 1;
}

static PyObject *
cplay_hand_masks(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!entry_ok(nargs, 4, "hand_masks(hands, kitty, turned_bit, pack)", ready, "init"))
        return NULL;
    PyObject *hands = args[0], *kitty = args[1];
    uint64_t turned_bit, pack;
    if (!PyTuple_Check(hands)) {
        unsupported("hands: not a tuple");
        return NULL;
    }
    if (as_u64(args[2], &turned_bit) < 0 || as_u64(args[3], &pack) < 0)
        return NULL;
    Py_ssize_t table = PyTuple_GET_SIZE(hands);
    if (table < 1 || table > MAXSEATS)
        Py_RETURN_NONE;
    PyObject *h[MAXSEATS];
    for (Py_ssize_t s = 0; s < table; s++) {
        h[s] = PyTuple_GET_ITEM(hands, s);
        if (!PyTuple_Check(h[s])) {
            unsupported("a hand: not a tuple");
            return NULL;
        }
    }
    for (Py_ssize_t s = 0; s < table; s++)
        if (PyTuple_GET_SIZE(h[s]) != 5)
            Py_RETURN_NONE;
    /* the twin sums with +: a repeated card carries into another bit, so the sum has fewer bits
       than cards (cards have bits below 2**48: no sum here passes 64 bits, but turned_bit may) */
    uint64_t masks[MAXSEATS];
    uint64_t total = turned_bit;
    int carry = 0;
    for (Py_ssize_t s = 0; s < table; s++) {
        uint64_t m = 0;
        for (int k = 0; k < 5; k++) {
            int i = card_index(PyTuple_GET_ITEM(h[s], k));
            if (i == -2)
                return NULL;
            if (i < 0)
                Py_RETURN_NONE;
            m += (uint64_t)1 << i;
        }
        masks[s] = m;
        if (total > UINT64_MAX - m)
            carry = 2;
        total += m;
    }
    long count = 5 * (long)table + 1;
    if (kitty != Py_None) {
        if (!PyTuple_Check(kitty)) {
            unsupported("kitty: not a tuple");
            return NULL;
        }
        Py_ssize_t kn = PyTuple_GET_SIZE(kitty);
        if (kn != (Py_ssize_t)__builtin_popcountll(pack) - count)
            Py_RETURN_NONE;
        for (Py_ssize_t k = 0; k < kn; k++) {
            int i = card_index(PyTuple_GET_ITEM(kitty, k));
            if (i == -2)
                return NULL;
            if (i < 0)
                Py_RETURN_NONE;
            uint64_t b = (uint64_t)1 << i;
            if (total > UINT64_MAX - b)
                carry = 2;
            total += b;
        }
        count += (long)kn;
    }
    /* past 64 bits the twin's sum has a bit beyond any 64-bit pack */
    if (carry == 2 || __builtin_popcountll(total) != count || (total & ~pack))
        Py_RETURN_NONE;
    PyObject *list = PyList_New(table);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t s = 0; s < table; s++) {
        PyObject *v = PyLong_FromUnsignedLongLong((unsigned long long)masks[s]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, s, v);
    }
    return list;
}

static PyObject *
cplay_play_known(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!entry_ok(nargs, 5, "play_known(tricks, orders, lead, trump, masks)", ready, "init"))
        return NULL;
    PyObject *tricks = args[0], *lead_obj = args[2], *masks_o = args[4];
    int seats[MAXSEATS][MAXSEATS];
    Py_ssize_t n, table;
    long lead;
    int t = trump_index(args[3]);
    if (t < 0)
        return NULL;
    if (!PyTuple_Check(tricks)) {
        unsupported("tricks: not a tuple");
        return NULL;
    }
    if (read_orders(args[1], seats, &n, &table) < 0
            || as_small(lead_obj, 0, table - 1, &lead) < 0)
        return NULL;
    if (!PyList_Check(masks_o) || PyList_GET_SIZE(masks_o) != table) {
        unsupported("masks: not a list of one per seat");
        return NULL;
    }
    uint64_t masks[MAXSEATS];
    for (Py_ssize_t s = 0; s < table; s++)
        if (as_u64(PyList_GET_ITEM(masks_o, s), &masks[s]) < 0)
            return NULL;
    const int trump_i = t;
    Py_ssize_t count = PyTuple_GET_SIZE(tricks);
    int small[8];
    int *winners = count <= 8 ? small : PyMem_Malloc(sizeof(int) * (size_t)count);
    if (winners == NULL)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    for (Py_ssize_t ti = 0; ti < count; ti++) {
        PyObject *cards_o;
        int got = next_trick(tricks, ti, n, lead, &cards_o);
        if (got < 0)
            goto done;
        if (got > 0) {
            result = Py_None;
            Py_INCREF(result);
            goto done;
        }
        const int *order = seats[lead];
        int i = card_index(PyTuple_GET_ITEM(cards_o, 0));
        if (i == -2) {
            Py_DECREF(cards_o);
            goto done;
        }
        int who = (int)lead;
        if (i < 0 || !(masks[who] & ((uint64_t)1 << i))) {
            Py_DECREF(cards_o);
            result = Py_None;
            Py_INCREF(result);
            goto done;
        }
        masks[who] -= (uint64_t)1 << i;
        int led = eff[trump_i][i];
        long best = power[trump_i][i];
        uint64_t follow = suit_mask[trump_i][led];
        int win = who;
        for (Py_ssize_t k = 1; k < n; k++) {
            who = order[k];
            i = card_index(PyTuple_GET_ITEM(cards_o, k));
            if (i == -2) {
                Py_DECREF(cards_o);
                goto done;
            }
            if (i < 0 || !(masks[who] & ((uint64_t)1 << i))) {
                Py_DECREF(cards_o);
                result = Py_None;
                Py_INCREF(result);
                goto done;
            }
            masks[who] -= (uint64_t)1 << i;
            int e = eff[trump_i][i];
            long p = power[trump_i][i];
            if (e == led) {
                if (p > best) {
                    best = p;
                    win = who;
                }
            }
            else if (masks[who] & follow) {
                Py_DECREF(cards_o);
                result = Py_None;   /* a revoke */
                Py_INCREF(result);
                goto done;
            }
            else if (e == trump_i && p > best) {
                best = p;
                win = who;
            }
        }
        Py_DECREF(cards_o);
        winners[ti] = win;
        lead = win;
    }
    result = winners_list(winners, count);
done:
    if (winners != small)
        PyMem_Free(winners);
    return result;
}

static PyObject *
cplay_play_inferred(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!entry_ok(nargs, 8, "play_inferred(tricks, orders, lead, trump, pack, used, turned_bit, dealer)",
                  ready, "init"))
        return NULL;
    PyObject *tricks = args[0], *lead_obj = args[2];
    int seats[MAXSEATS][MAXSEATS];
    Py_ssize_t n, table;
    long lead, dealer;
    uint64_t pack, used, turned_bit;
    int t = trump_index(args[3]);
    if (t < 0)
        return NULL;
    if (!PyTuple_Check(tricks)) {
        unsupported("tricks: not a tuple");
        return NULL;
    }
    if (read_orders(args[1], seats, &n, &table) < 0
            || (table != 4 && unsupported("play_inferred: four seats only") < 0)
            || as_small(lead_obj, 0, 3, &lead) < 0
            || as_u64(args[4], &pack) < 0 || as_u64(args[5], &used) < 0
            || as_u64(args[6], &turned_bit) < 0)
        return NULL;
    {   /* any plain int: the twin only asks who != dealer, for seats 0-3 */
        PyObject *d = args[7];
        if (!PyLong_Check(d) || Py_TYPE(d)->tp_richcompare != PyLong_Type.tp_richcompare) {
            unsupported("dealer: not a plain int");
            return NULL;
        }
        int overflow = 0;
        dealer = PyLong_AsLongAndOverflow(d, &overflow);
        if (dealer == -1 && PyErr_Occurred())
            return NULL;
        if (overflow || dealer < 0 || dealer > 3)
            dealer = -1;
    }
    const int trump_i = t;
    Py_ssize_t count = PyTuple_GET_SIZE(tricks);
    int small[8];
    int *winners = count <= 8 ? small : PyMem_Malloc(sizeof(int) * (size_t)count);
    if (winners == NULL)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    unsigned voids[4] = {0, 0, 0, 0};
    for (Py_ssize_t ti = 0; ti < count; ti++) {
        PyObject *cards_o;
        int got = next_trick(tricks, ti, n, lead, &cards_o);
        if (got < 0)
            goto done;
        if (got > 0) {
            result = Py_None;
            Py_INCREF(result);
            goto done;
        }
        const int *order = seats[lead];
        int led = -1;
        long best = -1;
        int win = (int)lead;
        for (Py_ssize_t k = 0; k < n; k++) {
            int who = order[k];
            int i = card_index(PyTuple_GET_ITEM(cards_o, k));
            if (i == -2) {
                Py_DECREF(cards_o);
                goto done;
            }
            uint64_t b = i < 0 ? 0 : (uint64_t)1 << i;
            int e = i < 0 ? 0 : eff[trump_i][i];
            long p = i < 0 ? 0 : power[trump_i][i];
            if (!(b & pack) || (used & b) || (voids[who] >> e & 1)
                    || (b == turned_bit && who != dealer)) {
                Py_DECREF(cards_o);
                result = Py_None;
                Py_INCREF(result);
                goto done;
            }
            used |= b;
            if (led < 0) {
                led = e;
                best = p;
                win = who;
            }
            else {
                if (e != led)
                    voids[who] |= 1u << led;
                if ((e == led || e == trump_i) && p > best) {
                    best = p;
                    win = who;
                }
            }
        }
        Py_DECREF(cards_o);
        winners[ti] = win;
        lead = win;
    }
    {
        PyObject *list = winners_list(winners, count);
        if (list != NULL) {
            result = Py_BuildValue("(NK)", list, (unsigned long long)used);
        }
    }
done:
    if (winners != small)
        PyMem_Free(winners);
    return result;
}

/* --- the bidding walk (twin of fastpath._bid), at a table of n seats --- */

static PyObject *kinds[7];          /* PASS ORDER ASSIST TAKE NAME PARTNER_ALONE DEFEND_ALONE */
static int bid_ready = 0;
static PyObject *s_kind, *s_seat, *s_suit, *s_alone;

enum { K_PASS, K_ORDER, K_ASSIST, K_TAKE, K_NAME, K_PARTNER_ALONE, K_DEFEND_ALONE };
enum { F_STICK = 1, F_CANADIAN = 2, F_TAKES_LONE = 4, F_DEFEND = 8, F_NO_LONE = 16 };
#define F_FOUR_ONLY (F_CANADIAN | F_TAKES_LONE | F_DEFEND)

/* the index of `o` (by identity) in the table's seats, or -1 */
static int
seat_index(PyObject *seats, int nseats, PyObject *o)
{
    for (int s = 0; s < nseats; s++)
        if (PyTuple_GET_ITEM(seats, s) == o)
            return s;
    return -1;
}

static PyObject *
cplay_init_bidding(PyObject *self, PyObject *args)
{
    PyObject *kinds_t;
    if (!PyArg_ParseTuple(args, "O!:init_bidding", &PyTuple_Type, &kinds_t))
        return NULL;
    if (PyTuple_GET_SIZE(kinds_t) != 7) {
        PyErr_SetString(PyExc_ValueError, "init_bidding: 7 kinds");
        return NULL;
    }
    for (int k = 0; k < 7; k++)
        Py_XSETREF(kinds[k], Py_NewRef(PyTuple_GET_ITEM(kinds_t, k)));
    bid_ready = 1;
    Py_RETURN_NONE;
}

/* call.<name> is not None and is not `expected`: 1, 0, or -1 on an error */
static int
other_seat(PyObject *call, PyObject *expected)
{
    PyObject *v = PyObject_GetAttr(call, s_seat);
    if (v == NULL)
        return -1;
    int r = v != Py_None && v != expected;
    Py_DECREF(v);
    return r;
}

/* call.alone is true: 1, 0, or -1 on an error */
static int
said_alone(PyObject *call)
{
    PyObject *a = PyObject_GetAttr(call, s_alone);
    if (a == NULL)
        return -1;
    int truth = PyObject_IsTrue(a);
    Py_DECREF(a);
    return truth;
}

static PyObject *
cplay_bid(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!entry_ok(nargs, 5, "bid(calls, seats, dealer, turned_suit, flags)", bid_ready,
                  "init_bidding"))
        return NULL;
    PyObject *calls = args[0], *seats = args[1], *turned_suit = args[3];
    long flags;
    if (!PyTuple_Check(calls)) {
        unsupported("calls: not a tuple");
        return NULL;
    }
    if (!PyTuple_CheckExact(seats) || PyTuple_GET_SIZE(seats) < 1
            || PyTuple_GET_SIZE(seats) > MAXSEATS) {
        unsupported("seats: not a tuple of 1 to MAXSEATS");
        return NULL;
    }
    int nseats = (int)PyTuple_GET_SIZE(seats);
    int dealer = seat_index(seats, nseats, args[2]);
    if (dealer < 0) {
        unsupported("dealer: not a seat");
        return NULL;
    }
    if (as_small(args[4], 0, 255, &flags) < 0)
        return NULL;
    if (nseats != 4 && (flags & F_FOUR_ONLY))
        return Py_NewRef(Py_None);   /* the four-handed options at another table */
    int seat = (dealer + 1) % nseats, passes = 0, maker = -1;
    int took_up = 0, thrown = 0, partner_took = 0;
    PyObject *trump = Py_NewRef(Py_None), *alone = Py_NewRef(Py_False);
    PyObject *defender = Py_NewRef(Py_None);
    PyObject *kind = NULL, *result = NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(calls);
    for (Py_ssize_t ci = 0; ci < n; ci++) {
        PyObject *call = PyTuple_GET_ITEM(calls, ci);
        Py_XSETREF(kind, PyObject_GetAttr(call, s_kind));
        if (kind == NULL)
            goto done;
        if (flags & F_NO_LONE) {   /* a table without lone hands: any call said alone */
            int truth = said_alone(call);
            if (truth < 0)
                goto done;
            if (truth)
                goto refuse;
        }
        if (maker < 0 && !thrown) {
            int other = other_seat(call, PyTuple_GET_ITEM(seats, seat));
            if (other < 0)
                goto done;
            if (other)
                goto refuse;
            if (kind == kinds[K_PASS]) {
                if (passes == 2 * nseats - 1 && (flags & F_STICK))
                    goto refuse;
                passes++;
                thrown = passes == 2 * nseats;
                seat = (seat + 1) % nseats;
            }
            else if (kind == kinds[K_ORDER] || kind == kinds[K_ASSIST] || kind == kinds[K_TAKE]) {
                int from = (seat - dealer + nseats) % nseats;   /* the word that accepts it */
                PyObject *word = from == 0 ? kinds[K_TAKE]
                    : (nseats == 4 && from == 2 ? kinds[K_ASSIST] : kinds[K_ORDER]);
                if (passes >= nseats || kind != word)
                    goto refuse;
                if ((flags & F_CANADIAN) && kind == kinds[K_ASSIST]) {
                    int truth = said_alone(call);
                    if (truth < 0)
                        goto done;
                    if (!truth)
                        goto refuse;   /* the Canadian loner: the detailed replay refuses it */
                }
                PyObject *a = PyObject_GetAttr(call, s_alone);
                if (a == NULL)
                    goto done;
                Py_SETREF(alone, a);
                Py_SETREF(trump, Py_NewRef(turned_suit));
                maker = seat;
                took_up = 1;
            }
            else if (kind == kinds[K_NAME]) {
                if (passes < nseats)
                    goto refuse;
                PyObject *su = PyObject_GetAttr(call, s_suit);
                if (su == NULL)
                    goto done;
                if (su == turned_suit || su == Py_None) {
                    Py_DECREF(su);
                    goto refuse;
                }
                PyObject *a = PyObject_GetAttr(call, s_alone);
                if (a == NULL) {
                    Py_DECREF(su);
                    goto done;
                }
                Py_SETREF(trump, su);
                Py_SETREF(alone, a);
                maker = seat;
            }
            else
                goto refuse;
        }
        else if (thrown)
            goto refuse;
        else if (kind == kinds[K_PARTNER_ALONE]) {
            /* Somerset 74-75 (see the twin) */
            int partner = (maker + 2) & 3;
            if (!(flags & F_TAKES_LONE) || partner_took || defender != Py_None || !took_up)
                goto refuse;
            int other = other_seat(call, PyTuple_GET_ITEM(seats, partner));
            if (other < 0)
                goto done;
            int rel = (maker - dealer) & 3;
            if (other || (rel != 1 && rel != 2))
                goto refuse;
            maker = partner;
            Py_SETREF(alone, Py_NewRef(Py_True));
            partner_took = 1;
        }
        else if (kind == kinds[K_DEFEND_ALONE]) {
            if (!(flags & F_DEFEND))
                goto refuse;
            PyObject *v = PyObject_GetAttr(call, s_seat);
            if (v == NULL)
                goto done;
            if (v == Py_None) {
                Py_DECREF(v);
                goto refuse;
            }
            int d = seat_index(seats, nseats, v);
            if (d < 0) {
                Py_DECREF(v);
                unsupported("a defender's seat that is not a seat");
                goto done;
            }
            if (!((d ^ maker) & 1) || defender != Py_None) {
                Py_DECREF(v);
                goto refuse;
            }
            Py_SETREF(defender, v);
        }
        else
            goto refuse;
    }
    result = Py_BuildValue("(OOOOOO)", maker < 0 ? Py_None : PyTuple_GET_ITEM(seats, maker),
                           trump, alone,
                           took_up ? Py_True : Py_False, thrown ? Py_True : Py_False, defender);
    goto done;
refuse:
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(kind);
    Py_DECREF(trump);
    Py_DECREF(alone);
    Py_DECREF(defender);
    return result;
}

static PyMethodDef methods[] = {
    {"init_bidding", cplay_init_bidding, METH_VARARGS,
     "init_bidding(kinds): the call words, from fastpath.py."},
    {"bid", (PyCFunction)(void (*)(void))cplay_bid, METH_FASTCALL,
     "bid(calls, seats, dealer, turned_suit, flags): the twin of fastpath._bid."},
    {"init", cplay_init, METH_VARARGS,
     "init(cards, suits, effs, powers): the tables, built by fastpath.py from cards.py."},
    {"hand_masks", (PyCFunction)(void (*)(void))cplay_hand_masks, METH_FASTCALL,
     "hand_masks(hands, kitty, turned_bit, pack): the twin of fastpath._hand_masks."},
    {"play_known", (PyCFunction)(void (*)(void))cplay_play_known, METH_FASTCALL,
     "play_known(tricks, orders, lead, trump, masks): the twin of fastpath._play_known."},
    {"play_inferred", (PyCFunction)(void (*)(void))cplay_play_inferred, METH_FASTCALL,
     "play_inferred(tricks, orders, lead, trump, pack, used, turned_bit, dealer): the twin of "
     "fastpath._play_inferred."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cplay",
    "The fast replay's hand masks and trick play in C (twins of fastpath.py's).", -1, methods,
};

PyMODINIT_FUNC
PyInit__cplay(void)
{
    s_cards = PyUnicode_InternFromString("cards");
    s_leader = PyUnicode_InternFromString("leader");
    s_kind = PyUnicode_InternFromString("kind");
    s_seat = PyUnicode_InternFromString("seat");
    s_suit = PyUnicode_InternFromString("suit");
    s_alone = PyUnicode_InternFromString("alone");
    if (s_cards == NULL || s_leader == NULL || s_kind == NULL || s_seat == NULL || s_suit == NULL
            || s_alone == NULL)
        return NULL;
    return PyModule_Create(&module);
}
