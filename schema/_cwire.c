/* The card strings of a record's deals, parsed in C (schema/wire.py's compiled path).
 *
 * Contract (each function has a pure-Python twin in schema/wire.py, which stays the fallback and
 * the oracle the tests hold these equal to):
 *   init(cards_or_unknown, cards, leaders, trick_type, hand_low, hand_high, trick_low, trick_high)
 *       takes everything this module knows from Python, once: the token -> card tables (only
 *       their two-character keys are used, a value of None being the unknown card), the seat of
 *       each one-character leader prefix, the Trick type and the bounds of a hand and a trick.
 *   hands(n, e, s, w)      -> the four hands as tuples of cards (``??`` -> None), or None;
 *   cards(text, low, high) -> one card string of low to high tokens (``??`` allowed), or None;
 *   tricks(list)           -> the tuple of Trick of a list of trick strings, or None;
 *   repeated_key(text)     -> whether an object of a JSON text (str or bytes) without a
 *                             backslash writes a key twice, or None where it cannot tell.
 * A string is taken only in the canonical shape: exact str, ASCII, tokens of two characters
 * from the table separated by one space, nothing before or after; a trick optionally led by
 * "X: " with X a key of ``leaders``. Anything else (another spelling, another type, a count out
 * of bounds, a call before init) answers None and the caller takes the Python path. Nothing
 * here raises but MemoryError, and no input can crash it (every index is bounds-checked).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define SPAN 128

static PyObject *any_table[SPAN * SPAN];    /* token -> card or None (strong references) */
static PyObject *known_table[SPAN * SPAN];  /* token -> card, never None */
static PyObject *leader_table[SPAN];         /* leader letter -> seat */
static PyObject *trick_type = NULL;
static Py_ssize_t hand_low = 0, hand_high = -1, trick_low = 0, trick_high = -1;
static int ready = 0;

static void
clear_tables(void)
{
    for (Py_ssize_t i = 0; i < SPAN * SPAN; i++) {
        Py_CLEAR(any_table[i]);
        Py_CLEAR(known_table[i]);
    }
    for (Py_ssize_t i = 0; i < SPAN; i++) {
        Py_CLEAR(leader_table[i]);
    }
    Py_CLEAR(trick_type);
    ready = 0;
}

/* Whether a str's code units can be read in place (always, since 3.12; a legacy string of
 * 3.11 not yet made ready is made so here, a failure cleared: the caller answers None). */
static int
ready_str(PyObject *text)
{
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0) {
        PyErr_Clear();
        return 0;
    }
#endif
    (void)text;
    return 1;
}

/* The ASCII bytes of an exact str, or NULL (not a str, or not ASCII). */
static const unsigned char *
ascii_of(PyObject *text, Py_ssize_t *size)
{
    if (!PyUnicode_CheckExact(text) || !ready_str(text) || !PyUnicode_IS_ASCII(text)) {
        return NULL;
    }
    *size = PyUnicode_GET_LENGTH(text);
    return (const unsigned char *)PyUnicode_DATA(text);
}

/* Fill ``table`` from a dict's two-character ASCII keys without whitespace; 0 or -1. */
static int
fill(PyObject *dict, PyObject **table, int none_ok)
{
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    if (!PyDict_Check(dict)) {
        PyErr_SetString(PyExc_TypeError, "a card table must be a dict");
        return -1;
    }
    while (PyDict_Next(dict, &pos, &key, &value)) {
        Py_ssize_t size;
        const unsigned char *s = ascii_of(key, &size);
        if (s == NULL || size != 2 || Py_ISSPACE(s[0]) || Py_ISSPACE(s[1])) {
            continue;   /* "10H" and the like: the Python path's */
        }
        if (value == Py_None && !none_ok) {
            continue;
        }
        Py_INCREF(value);
        Py_XSETREF(table[s[0] * SPAN + s[1]], value);
    }
    return 0;
}

static PyObject *
cw_init(PyObject *self, PyObject *args)
{
    PyObject *any, *known, *leaders, *type;
    Py_ssize_t hl, hh, tl, th;
    if (!PyArg_ParseTuple(args, "O!O!O!Onnnn:init", &PyDict_Type, &any, &PyDict_Type, &known,
                          &PyDict_Type, &leaders, &type, &hl, &hh, &tl, &th)) {
        return NULL;
    }
    if (!PyCallable_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "trick_type must be callable");
        return NULL;
    }
    if (hl < 1 || hh < hl || tl < 1 || th < tl) {
        PyErr_SetString(PyExc_ValueError, "bounds must be 1 <= low <= high");
        return NULL;
    }
    clear_tables();
    if (fill(any, any_table, 1) < 0 || fill(known, known_table, 0) < 0) {
        clear_tables();
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(leaders, &pos, &key, &value)) {
        Py_ssize_t size;
        const unsigned char *s = ascii_of(key, &size);
        if (s == NULL || size != 1 || Py_ISSPACE(s[0]) || s[0] == ':') {
            continue;
        }
        Py_INCREF(value);
        Py_XSETREF(leader_table[s[0]], value);
    }
    Py_INCREF(type);
    trick_type = type;
    hand_low = hl, hand_high = hh, trick_low = tl, trick_high = th;
    ready = 1;
    Py_RETURN_NONE;
}

/* The tuple of the ``size`` bytes at ``s`` read as tokens of ``table``, ``low`` to ``high`` of
 * them; NULL without an exception when not in the canonical shape, NULL with one on MemoryError. */
static PyObject *
parse_tokens(const unsigned char *s, Py_ssize_t size, PyObject **table, Py_ssize_t low,
             Py_ssize_t high)
{
    if (size < 2 || (size + 1) % 3 != 0) {
        return NULL;
    }
    Py_ssize_t count = (size + 1) / 3;
    if (count < low || count > high) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        const unsigned char *t = s + 3 * i;
        if (t[0] >= SPAN || t[1] >= SPAN || table[t[0] * SPAN + t[1]] == NULL
                || (i + 1 < count && t[2] != ' ')) {
            return NULL;
        }
    }
    PyObject *out = PyTuple_New(count);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        const unsigned char *t = s + 3 * i;
        PyObject *card = table[t[0] * SPAN + t[1]];
        Py_INCREF(card);
        PyTuple_SET_ITEM(out, i, card);
    }
    return out;
}

/* None when the error indicator is clear (not canonical), else NULL (MemoryError goes up). */
static PyObject *
refused(void)
{
    if (PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_MemoryError)) {
            return NULL;
        }
        PyErr_Clear();
    }
    Py_RETURN_NONE;
}

static PyObject *
one_hand(PyObject *text)
{
    Py_ssize_t size;
    const unsigned char *s = ascii_of(text, &size);
    if (s == NULL) {
        return NULL;
    }
    return parse_tokens(s, size, any_table, hand_low, hand_high);
}

static PyObject *
cw_hands(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!ready || nargs != 4) {
        Py_RETURN_NONE;
    }
    PyObject *out = PyTuple_New(4);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < 4; i++) {
        PyObject *hand = one_hand(args[i]);
        if (hand == NULL) {
            Py_DECREF(out);
            return refused();
        }
        PyTuple_SET_ITEM(out, i, hand);
    }
    return out;
}

static PyObject *
cw_cards(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!ready || nargs != 3 || !PyLong_CheckExact(args[1]) || !PyLong_CheckExact(args[2])) {
        Py_RETURN_NONE;
    }
    Py_ssize_t low = PyLong_AsSsize_t(args[1]), high = PyLong_AsSsize_t(args[2]);
    if ((low == -1 || high == -1) && PyErr_Occurred()) {
        return refused();
    }
    Py_ssize_t size;
    const unsigned char *s = ascii_of(args[0], &size);
    if (s == NULL) {
        Py_RETURN_NONE;
    }
    PyObject *out = parse_tokens(s, size, any_table, low, high);
    return out != NULL ? out : refused();
}

/* One trick string to a Trick, or NULL (error set only on a failure of Python itself). */
static PyObject *
one_trick(PyObject *text)
{
    Py_ssize_t size;
    const unsigned char *s = ascii_of(text, &size);
    if (s == NULL) {
        return NULL;
    }
    PyObject *leader = NULL;
    if (size >= 3 && s[1] == ':' && s[2] == ' ') {
        if (s[0] >= SPAN || (leader = leader_table[s[0]]) == NULL) {
            return NULL;
        }
        s += 3, size -= 3;
    }
    PyObject *cards = parse_tokens(s, size, known_table, trick_low, trick_high);
    if (cards == NULL) {
        return NULL;
    }
    PyObject *argv[2] = {cards, leader};
    PyObject *trick = PyObject_Vectorcall(trick_type, argv, leader == NULL ? 1 : 2, NULL);
    Py_DECREF(cards);
    return trick;
}

static PyObject *
cw_tricks(PyObject *self, PyObject *value)
{
    if (!ready || !PyList_CheckExact(value)) {
        Py_RETURN_NONE;
    }
    Py_ssize_t count = PyList_GET_SIZE(value);
    PyObject *out = PyTuple_New(count);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        /* the list cannot change under us: nothing here runs Python code but trick_type, and a
         * list's size is read again on every pass */
        if (i >= PyList_GET_SIZE(value)) {
            Py_DECREF(out);
            Py_RETURN_NONE;
        }
        PyObject *item = PyList_GET_ITEM(value, i);
        Py_INCREF(item);
        PyObject *trick = one_trick(item);
        Py_DECREF(item);
        if (trick == NULL) {
            Py_DECREF(out);
            return refused();
        }
        PyTuple_SET_ITEM(out, i, trick);
    }
    if (count != PyList_GET_SIZE(value)) {
        Py_DECREF(out);
        Py_RETURN_NONE;
    }
    return out;
}

/* --- repeated keys ------------------------------------------------------------------------ */

#define MAX_DEPTH 64     /* deeper nesting: the answer is left to the caller (None) */
#define MAX_KEYS 1024    /* keys open at once on the path from the root */
#define MAX_OBJECT 64    /* keys of one object compared pairwise: more, and None */

/* The code units the scan stops at outside a string: brackets, commas, quotes, backslashes. */
static int
special(Py_UCS4 c)
{
    return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == '"' || c == '\\';
}

static unsigned char special_byte[256];   /* special() of each byte, filled at import */

/* 1 if an object of the JSON text repeats a key, 0 if none does, -1 if this scan cannot tell (a
 * backslash, a string left open, brackets that do not match, limits above). Strings hold no
 * backslash, so each runs from one '"' to the next; a string is a key when it stands in an
 * object after '{' or ','. Keys are compared code unit by code unit within one text.
 * FAST (one-byte units only): a backslash anywhere is looked for once by memchr, each string's
 * end is found by memchr, and the bytes between strings are skipped by a table. */
#define SCAN(NAME, UNIT, FAST)                                                                  \
static int                                                                                      \
NAME(const UNIT *s, Py_ssize_t size)                                                            \
{                                                                                               \
    Py_ssize_t key_at[MAX_KEYS], key_len[MAX_KEYS];                                             \
    Py_ssize_t base[MAX_DEPTH];  /* index of the first key of each open object */               \
    char is_object[MAX_DEPTH];                                                                  \
    Py_ssize_t depth = 0, keys = 0;                                                             \
    int expect_key = 0;                                                                         \
    if (FAST && memchr(s, '\\', (size_t)size) != NULL) return -1;                              \
    for (Py_ssize_t i = 0; i < size; i++) {                                                     \
        if (FAST) {                                                                             \
            while (i < size && !special_byte[(unsigned char)s[i]]) i++;                         \
            if (i >= size) break;                                                               \
        }                                                                                       \
        UNIT c = s[i];                                                                          \
        switch (c) {                                                                            \
        case '{': case '[':                                                                     \
            if (depth >= MAX_DEPTH) return -1;                                                  \
            is_object[depth] = (c == '{');                                                      \
            base[depth] = keys;                                                                 \
            depth++;                                                                            \
            expect_key = (c == '{');                                                            \
            break;                                                                              \
        case '}': case ']':                                                                     \
            if (depth == 0 || is_object[depth - 1] != (c == '}')) return -1;                    \
            depth--;                                                                            \
            keys = base[depth];                                                                 \
            expect_key = 0;                                                                     \
            break;                                                                              \
        case ',':                                                                               \
            expect_key = depth > 0 && is_object[depth - 1];                                     \
            break;                                                                              \
        case '\\':                                                                              \
            return -1;                                                                          \
        case '"': {                                                                             \
            Py_ssize_t start = ++i;                                                             \
            if (FAST) {                                                                         \
                const void *end = i < size ? memchr(s + i, '"', (size_t)(size - i)) : NULL;     \
                i = end == NULL ? size : (Py_ssize_t)((const UNIT *)end - s);                   \
            }                                                                                   \
            else {                                                                              \
                while (i < size && s[i] != '"') {                                               \
                    if (s[i] == '\\') return -1;                                                \
                    i++;                                                                        \
                }                                                                               \
            }                                                                                   \
            if (i >= size) return -1;                                                           \
            if (expect_key) {                                                                   \
                Py_ssize_t len = i - start, first = base[depth - 1];                            \
                if (keys - first >= MAX_OBJECT || keys >= MAX_KEYS) return -1;                  \
                for (Py_ssize_t k = first; k < keys; k++) {                                     \
                    if (key_len[k] == len                                                       \
                            && memcmp(s + key_at[k], s + start, len * sizeof(UNIT)) == 0) {     \
                        return 1;                                                               \
                    }                                                                           \
                }                                                                               \
                key_at[keys] = start, key_len[keys] = len;                                      \
                keys++;                                                                         \
                expect_key = 0;                                                                 \
            }                                                                                   \
            break;                                                                              \
        }                                                                                       \
        default:                                                                                \
            break;                                                                              \
        }                                                                                       \
    }                                                                                           \
    return depth == 0 ? 0 : -1;                                                                 \
}

SCAN(scan1, Py_UCS1, 1)
SCAN(scan2, Py_UCS2, 0)
SCAN(scan4, Py_UCS4, 0)

static PyObject *
cw_repeated_key(PyObject *self, PyObject *text)
{
    int found;
    if (PyBytes_CheckExact(text)) {
        found = scan1((const Py_UCS1 *)PyBytes_AS_STRING(text), PyBytes_GET_SIZE(text));
    }
    else if (PyUnicode_CheckExact(text) && ready_str(text)) {
        Py_ssize_t size = PyUnicode_GET_LENGTH(text);
        const void *data = PyUnicode_DATA(text);
        switch (PyUnicode_KIND(text)) {
        case PyUnicode_1BYTE_KIND: found = scan1((const Py_UCS1 *)data, size); break;
        case PyUnicode_2BYTE_KIND: found = scan2((const Py_UCS2 *)data, size); break;
        default: found = scan4((const Py_UCS4 *)data, size); break;
        }
    }
    else {
        found = -1;
    }
    if (found < 0) {
        Py_RETURN_NONE;
    }
    return PyBool_FromLong(found);
}

static PyMethodDef methods[] = {
    {"init", cw_init, METH_VARARGS, "Take the card tables, leaders, Trick type and bounds."},
    {"hands", (PyCFunction)(void (*)(void))cw_hands, METH_FASTCALL,
     "hands(n, e, s, w): the four hands in canonical shape, or None."},
    {"cards", (PyCFunction)(void (*)(void))cw_cards, METH_FASTCALL,
     "cards(text, low, high): a canonical card string of low to high tokens, or None."},
    {"tricks", cw_tricks, METH_O, "tricks(list): the Tricks of canonical trick strings, or None."},
    {"repeated_key", cw_repeated_key, METH_O,
     "repeated_key(text): whether an object of the JSON text repeats a key; None: cannot tell."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cwire",
    "Card, hand and trick strings parsed in C (see schema/wire.py).", -1, methods,
};

PyMODINIT_FUNC
PyInit__cwire(void)
{
    for (int c = 0; c < 256; c++) {
        special_byte[c] = (unsigned char)special((Py_UCS4)c);
    }
    return PyModule_Create(&module);
}
