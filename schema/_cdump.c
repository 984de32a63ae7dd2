/* Card strings of the canonical text, written in C (the dump side of the notation).
 *
 * Contract (schema/card_text.py holds the pure-Python twin of each function, which is the
 * fallback where this module is not built and the oracle the tests hold it equal to):
 *
 *   cards_text(cards, names, /) -> str | None
 *       " ".join(names[c] for c in cards) when ``cards`` is a tuple, ``names`` a dict and every
 *       ``names[c]`` a str; None when ``cards`` is not a tuple, a card is not a key of
 *       ``names`` (or its lookup raises) or a value is not a str. TypeError when ``names`` is
 *       not exactly a dict (nor ``prefixes`` below).
 *   hands_text(hands, names, /) -> tuple[str, str, str, str] | None
 *       the cards_text of each of four hands, for a tuple of exactly four; None for any other
 *       value, or when one hand's cards_text is None.
 *   tricks_text(tricks, names, prefixes, /) -> list[str] | None
 *       for a tuple of objects with attributes ``cards`` and ``leader``: cards_text(cards),
 *       preceded by prefixes[leader] when the leader is not None; None when ``tricks`` is not a
 *       tuple, an attribute is missing, a cards_text is None, or a leader is not a key of
 *       ``prefixes`` or its value is not a str. TypeError when ``names`` or ``prefixes`` is not
 *       a dict.
 *
 * Any error raised while looking a key up (an unhashable card, a __hash__ or __eq__ that
 * raises) is cleared and answered with None, as the twin does. Every reference taken is held
 * until the text is written, so a lookup that runs Python code cannot free a value in use.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define SMALL 64

/* The text of `prefix` (may be NULL) then `names[c]` for each c of the tuple `cards`, joined by
 * single spaces. Returns a new reference, or NULL with no error set for "None" (the caller
 * answers None), or NULL with an error set (out of memory). */
static PyObject *
join_cards(PyObject *cards, PyObject *names, PyObject *prefix)
{
    Py_ssize_t n = PyTuple_GET_SIZE(cards);
    PyObject *small[SMALL];
    PyObject **parts = small;
    PyObject *out = NULL;
    Py_ssize_t got = 0, total, i;
    Py_UCS4 maxchar = 127;
    int ascii = 1;

    if (n > SMALL) {
        parts = PyMem_Malloc((size_t)n * sizeof(PyObject *));
        if (parts == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    total = n > 0 ? n - 1 : 0;
    if (prefix != NULL) {
        total += PyUnicode_GET_LENGTH(prefix);
        if (!PyUnicode_IS_ASCII(prefix))
            ascii = 0;
    }
    for (i = 0; i < n; i++) {
        PyObject *value = PyDict_GetItemWithError(names, PyTuple_GET_ITEM(cards, i));
        if (value == NULL || !PyUnicode_Check(value)) {
            PyErr_Clear();
            goto done;          /* None */
        }
        Py_INCREF(value);
        parts[got++] = value;
        if (PyUnicode_READY(value) < 0) {
            PyErr_Clear();
            goto done;
        }
        total += PyUnicode_GET_LENGTH(value);
        if (!PyUnicode_IS_ASCII(value))
            ascii = 0;
    }
    if (ascii) {
        char *w;
        out = PyUnicode_New(total, maxchar);
        if (out == NULL)
            goto done;
        w = (char *)PyUnicode_DATA(out);
        if (prefix != NULL) {
            Py_ssize_t len = PyUnicode_GET_LENGTH(prefix);
            memcpy(w, PyUnicode_DATA(prefix), (size_t)len);
            w += len;
        }
        for (i = 0; i < n; i++) {
            Py_ssize_t len = PyUnicode_GET_LENGTH(parts[i]);
            if (i > 0)
                *w++ = ' ';
            memcpy(w, PyUnicode_DATA(parts[i]), (size_t)len);
            w += len;
        }
    }
    else {                      /* some text beyond ASCII: the library's own join */
        PyObject *sep = PyUnicode_FromString(" ");
        PyObject *seq = PyTuple_New(n);
        if (sep != NULL && seq != NULL) {
            for (i = 0; i < n; i++) {
                Py_INCREF(parts[i]);
                PyTuple_SET_ITEM(seq, i, parts[i]);
            }
            out = PyUnicode_Join(sep, seq);
            if (out != NULL && prefix != NULL) {
                PyObject *whole = PyUnicode_Concat(prefix, out);
                Py_DECREF(out);
                out = whole;
            }
        }
        Py_XDECREF(sep);
        Py_XDECREF(seq);
    }
done:
    for (i = 0; i < got; i++)
        Py_DECREF(parts[i]);
    if (parts != small)
        PyMem_Free(parts);
    return out;
}

static int
need_dict(PyObject *value, const char *what)
{
    if (!PyDict_CheckExact(value)) {   /* a subclass's __missing__ is not asked */
        PyErr_Format(PyExc_TypeError, "%s must be a dict, not %.100s", what,
                     Py_TYPE(value)->tp_name);
        return 0;
    }
    return 1;
}

static PyObject *
cards_text(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *out;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "cards_text(cards, names) takes 2 arguments");
        return NULL;
    }
    if (!need_dict(args[1], "names"))
        return NULL;
    if (!PyTuple_Check(args[0]))
        Py_RETURN_NONE;
    out = join_cards(args[0], args[1], NULL);
    if (out == NULL && !PyErr_Occurred())
        Py_RETURN_NONE;
    return out;
}

static PyObject *
hands_text(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *hands, *out;
    Py_ssize_t i;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "hands_text(hands, names) takes 2 arguments");
        return NULL;
    }
    if (!need_dict(args[1], "names"))
        return NULL;
    hands = args[0];
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != 4)
        Py_RETURN_NONE;
    for (i = 0; i < 4; i++)
        if (!PyTuple_Check(PyTuple_GET_ITEM(hands, i)))
            Py_RETURN_NONE;
    out = PyTuple_New(4);
    if (out == NULL)
        return NULL;
    for (i = 0; i < 4; i++) {
        PyObject *text = join_cards(PyTuple_GET_ITEM(hands, i), args[1], NULL);
        if (text == NULL) {
            Py_DECREF(out);
            if (PyErr_Occurred())
                return NULL;
            Py_RETURN_NONE;
        }
        PyTuple_SET_ITEM(out, i, text);
    }
    return out;
}

static PyObject *str_cards, *str_leader;

static PyObject *
tricks_text(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *tricks, *names, *prefixes, *out;
    Py_ssize_t i, n;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "tricks_text(tricks, names, prefixes) takes 3 arguments");
        return NULL;
    }
    tricks = args[0];
    names = args[1];
    prefixes = args[2];
    if (!need_dict(names, "names") || !need_dict(prefixes, "prefixes"))
        return NULL;
    if (!PyTuple_Check(tricks))
        Py_RETURN_NONE;
    n = PyTuple_GET_SIZE(tricks);
    out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        /* the trick is held by the tuple, which this call holds (args are borrowed but live) */
        PyObject *trick = PyTuple_GET_ITEM(tricks, i);
        PyObject *cards = NULL, *leader = NULL, *prefix = NULL, *text = NULL;
        cards = PyObject_GetAttr(trick, str_cards);
        if (cards == NULL || !PyTuple_Check(cards))
            goto none;
        leader = PyObject_GetAttr(trick, str_leader);
        if (leader == NULL)
            goto none;
        if (leader != Py_None) {
            prefix = PyDict_GetItemWithError(prefixes, leader);
            if (prefix == NULL || !PyUnicode_Check(prefix) || PyUnicode_READY(prefix) < 0)
                goto none;
            Py_INCREF(prefix);
        }
        text = join_cards(cards, names, prefix);
        if (text == NULL)
            goto fail;
        Py_DECREF(cards);
        Py_DECREF(leader);
        Py_XDECREF(prefix);
        PyList_SET_ITEM(out, i, text);
        continue;
    fail:
        Py_XDECREF(cards);
        Py_XDECREF(leader);
        Py_XDECREF(prefix);
        Py_DECREF(out);
        if (PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_MemoryError))
                return NULL;
            PyErr_Clear();
        }
        Py_RETURN_NONE;
    none:
        PyErr_Clear();
        goto fail;
    }
    return out;
}

static PyMethodDef methods[] = {
    {"cards_text", (PyCFunction)(void (*)(void))cards_text, METH_FASTCALL,
     "cards_text(cards, names, /): the card string of a tuple of cards, or None."},
    {"hands_text", (PyCFunction)(void (*)(void))hands_text, METH_FASTCALL,
     "hands_text(hands, names, /): the four hand strings, or None."},
    {"tricks_text", (PyCFunction)(void (*)(void))tricks_text, METH_FASTCALL,
     "tricks_text(tricks, names, prefixes, /): the trick strings, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cdump",
    "Card strings of the canonical text in C (schema/card_text.py is the pure-Python twin).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__cdump(void)
{
    str_cards = PyUnicode_InternFromString("cards");
    str_leader = PyUnicode_InternFromString("leader");
    if (str_cards == NULL || str_leader == NULL)
        return NULL;
    return PyModule_Create(&module);
}
