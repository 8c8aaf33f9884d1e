/* Reading USEBIO from libxml2's tree in C: the reader's hot paths.
 *
 * The reader's Python walk costs an lxml proxy object per child element (about 0.15 us each,
 * a dozen a traveller line); these functions walk the same nodes in C and hand back texts:
 *   board_columns  a BOARD's traveller lines (or a HANDSET board's HANDs) as one list a tag
 *   hand_seats     a HANDSET board's deal as 52 seat bytes
 *   scan_children  an entry's (and its players') children for the reader's _scan
 *   child_texts    each child's tag, text and size
 * Each takes the plain case only and says None for anything else, which the Python reader
 * then reads as before: for board_columns, a BOARD whose element children are BOARD_NUMBER,
 * TRAVELLER_LINEs and others holding text only (kept as leftovers, as are its attributes),
 * lines without attributes whose children are elements holding text only, no tag twice in one
 * line, no namespaces, no entity references. The tests read every corpus file both ways.
 *
 * The element's node comes from lxml's public element object (lxml.etree.h, LxmlElement);
 * the node layout is libxml2's (tree.h), both from the headers lxml ships.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <libxml/tree.h>
#include <string.h>
#include <strings.h>

/* The head of lxml's public element object, as lxml.etree.h declares it. */
struct LxmlElementHead {
    PyObject_HEAD
    PyObject *document;
    xmlNode *c_node;
};

static PyObject *element_type; /* lxml.etree._Element, to check what we are given */

/* The libxml2 node of an lxml element; NULL, with a TypeError set, for anything else. */
static xmlNode *node_of(PyObject *element, const char *function) {
    xmlNode *node = PyObject_TypeCheck(element, (PyTypeObject *)element_type)
                        ? ((struct LxmlElementHead *)element)->c_node
                        : NULL;
    if (node == NULL) PyErr_Format(PyExc_TypeError, "%s() takes an lxml element", function);
    return node;
}

#define TAG_CACHE 32

/* Tag names as Python strings, made once a call: libxml2 keeps names in a dictionary, so a
 * name's pointer usually identifies it (two pointers to one name just take two slots). */
struct tag_cache {
    const xmlChar *names[TAG_CACHE];
    PyObject *strings[TAG_CACHE];
    PyObject *columns[TAG_CACHE]; /* borrowed from the walk's dict: this tag's column */
    char wordy[TAG_CACHE];        /* this tag's column holds a text that is not a number */
    int used;
    int overflowed; /* more tags than slots: the rest are looked up in the dict */
};

/* The tag's string and its slot in the cache; slot -1 when the cache is full, and the
 * caller then owns the string. */
static PyObject *tag_string(struct tag_cache *cache, const xmlChar *name, int *slot) {
    for (int i = 0; i < cache->used; i++) {
        if (cache->names[i] == name) {
            *slot = i;
            return cache->strings[i];
        }
    }
    PyObject *text = PyUnicode_FromString((const char *)name);
    *slot = -1;
    if (text == NULL || cache->used == TAG_CACHE) {
        cache->overflowed = 1;
        return text;
    }
    *slot = cache->used;
    cache->names[cache->used] = name;
    cache->strings[cache->used++] = text;
    return text;
}

static void tag_cache_clear(struct tag_cache *cache) {
    for (int i = 0; i < cache->used; i++) Py_DECREF(cache->strings[i]);
    cache->used = 0;
}

static int is_text(const xmlNode *node) {
    return node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE;
}

#define SHORT_TEXT 16
#define TEXT_CACHE_SLOTS 1024

/* Short texts as Python strings, shared: a table's texts repeat (seats, contracts, small
 * numbers), and making each string anew was most of a walk's time. Keyed by content. */
static struct {
    char bytes[SHORT_TEXT];
    size_t length;
    PyObject *text;
} text_cache[TEXT_CACHE_SLOTS];

static PyObject *text_of(const char *bytes, size_t length) {
    if (length >= SHORT_TEXT) return PyUnicode_FromStringAndSize(bytes, (Py_ssize_t)length);
    unsigned int hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)bytes[i]) * 16777619u;
    size_t slot = (hash ^ (unsigned int)length) % TEXT_CACHE_SLOTS;
    if (text_cache[slot].text != NULL && text_cache[slot].length == length &&
        memcmp(text_cache[slot].bytes, bytes, length) == 0) {
        return Py_NewRef(text_cache[slot].text);
    }
    PyObject *text = PyUnicode_FromStringAndSize(bytes, (Py_ssize_t)length);
    if (text == NULL) return NULL;
    Py_XSETREF(text_cache[slot].text, Py_NewRef(text));
    memcpy(text_cache[slot].bytes, bytes, length);
    text_cache[slot].length = length;
    return text;
}

/* Is this text a plain decimal number (which Python's float() takes), or blank? */
static int plain_number(const char *text, size_t length) {
    size_t i = 0, digits = 0;
    while (i < length && strchr(" \t\n\r", text[i]) != NULL) i++;
    if (i == length) return 1;
    if (text[i] == '+' || text[i] == '-') i++;
    for (; i < length && text[i] >= '0' && text[i] <= '9'; i++) digits++;
    if (i < length && text[i] == '.') {
        for (i++; i < length && text[i] >= '0' && text[i] <= '9'; i++) digits++;
    }
    if (digits == 0) return 0;
    if (i < length && (text[i] == 'e' || text[i] == 'E')) {
        size_t exponent = 0;
        i++;
        if (i < length && (text[i] == '+' || text[i] == '-')) i++;
        for (; i < length && text[i] >= '0' && text[i] <= '9'; i++) exponent++;
        if (exponent == 0) return 0;
    }
    while (i < length && strchr(" \t\n\r", text[i]) != NULL) i++;
    return i == length;
}

/* The text of an element holding text only (NULL-free: "" when empty); NULL with no
 * exception set when it holds anything but text. `numeric` (if given) tells whether it is
 * a plain number or blank. */
static PyObject *text_only(const xmlNode *element, int *plain, int *numeric) {
    const xmlNode *first = element->children;
    *plain = 1;
    if (numeric != NULL) *numeric = 1;
    if (first == NULL) return text_of("", 0);
    if (first->next == NULL) {
        if (!is_text(first)) {
            *plain = 0;
            return NULL;
        }
        const char *content = first->content ? (const char *)first->content : "";
        size_t length = strlen(content);
        if (numeric != NULL) *numeric = plain_number(content, length);
        return text_of(content, length);
    }
    size_t length = 0;
    for (const xmlNode *node = first; node != NULL; node = node->next) {
        if (!is_text(node)) {
            *plain = 0;
            return NULL;
        }
        length += node->content ? strlen((const char *)node->content) : 0;
    }
    char *joined = PyMem_Malloc(length + 1);
    if (joined == NULL) return PyErr_NoMemory();
    char *end = joined;
    for (const xmlNode *node = first; node != NULL; node = node->next) {
        size_t part = node->content ? strlen((const char *)node->content) : 0;
        memcpy(end, node->content, part);
        end += part;
    }
    if (numeric != NULL) *numeric = plain_number(joined, length);
    PyObject *text = PyUnicode_FromStringAndSize(joined, (Py_ssize_t)length);
    PyMem_Free(joined);
    return text;
}

/* lxml's .text: the text and CDATA nodes before the first other child, joined; None if none. */
static PyObject *leading_text(const xmlNode *element) {
    const xmlNode *node = element->children;
    if (node == NULL || !is_text(node)) Py_RETURN_NONE;
    if (node->next == NULL || !is_text(node->next)) {
        return PyUnicode_FromString(node->content ? (const char *)node->content : "");
    }
    PyObject *parts = PyList_New(0);
    if (parts == NULL) return NULL;
    for (; node != NULL && is_text(node); node = node->next) {
        PyObject *part = PyUnicode_FromString(node->content ? (const char *)node->content : "");
        if (part == NULL || PyList_Append(parts, part) < 0) {
            Py_XDECREF(part);
            Py_DECREF(parts);
            return NULL;
        }
        Py_DECREF(part);
    }
    PyObject *empty = PyUnicode_FromStringAndSize("", 0);
    PyObject *text = empty ? PyUnicode_Join(empty, parts) : NULL;
    Py_XDECREF(empty);
    Py_DECREF(parts);
    return text;
}

enum walk_result { WALK_ERROR = -1, WALK_ODD = 0, WALK_PLAIN = 1 };

/* Pads every column shorter than `count` with None (a tag this line did not hold). */
static int pad_columns(PyObject *columns, Py_ssize_t count, const struct tag_cache *cache) {
    if (!cache->overflowed) {
        for (int i = 0; i < cache->used; i++) {
            PyObject *column = cache->columns[i];
            if (column && PyList_GET_SIZE(column) < count && PyList_Append(column, Py_None) < 0) {
                return -1;
            }
        }
        return 0;
    }
    PyObject *tag, *column;
    Py_ssize_t position = 0;
    while (PyDict_Next(columns, &position, &tag, &column)) {
        if (PyList_GET_SIZE(column) < count && PyList_Append(column, Py_None) < 0) return -1;
    }
    return 0;
}

/* One TRAVELLER_LINE's children into the columns; `line` is its 0-based
 * position. */
static enum walk_result walk_line(const xmlNode *element, Py_ssize_t line, PyObject *columns,
                                  PyObject *wordy, struct tag_cache *cache) {
    if (element->properties != NULL || element->nsDef != NULL) return WALK_ODD;
    for (const xmlNode *child = element->children; child != NULL; child = child->next) {
        if (is_text(child) || child->type == XML_COMMENT_NODE) continue;
        if (child->type != XML_ELEMENT_NODE || child->ns != NULL) return WALK_ODD;
        int slot;
        PyObject *tag = tag_string(cache, child->name, &slot);
        if (tag == NULL) return WALK_ERROR;
        int plain, numeric;
        PyObject *text = text_only(child, &plain, &numeric);
        PyObject *column = slot >= 0 ? cache->columns[slot] : NULL;
        if (text != NULL && column == NULL) column = PyDict_GetItemWithError(columns, tag);
        int known_wordy = slot >= 0 && cache->wordy[slot];
        enum walk_result result = WALK_PLAIN;
        if (text != NULL && !numeric && !known_wordy && PySet_Add(wordy, tag) < 0) {
            result = WALK_ERROR;
        } else if (text == NULL) {
            result = plain ? WALK_ERROR : WALK_ODD;
        } else if (column != NULL && PyList_GET_SIZE(column) > line) {
            result = WALK_ODD; /* the tag twice in one line */
        } else if (column == NULL && PyErr_Occurred()) {
            result = WALK_ERROR;
        } else if (column == NULL) {
            column = PyList_New(line + 1);
            if (column == NULL) {
                result = WALK_ERROR;
            } else {
                for (Py_ssize_t i = 0; i < line; i++) {
                    Py_INCREF(Py_None);
                    PyList_SET_ITEM(column, i, Py_None);
                }
                PyList_SET_ITEM(column, line, text);
                text = NULL;
                if (PyDict_SetItem(columns, tag, column) < 0) result = WALK_ERROR;
                Py_DECREF(column); /* the dict holds it */
                if (slot >= 0) cache->columns[slot] = column;
            }
        } else if (PyList_Append(column, text) < 0) {
            result = WALK_ERROR;
        }
        if (slot >= 0 && !numeric) cache->wordy[slot] = 1;
        Py_XDECREF(text);
        if (slot < 0) Py_DECREF(tag);
        if (result != WALK_PLAIN) return result;
    }
    return pad_columns(columns, line + 1, cache) < 0 ? WALK_ERROR : WALK_PLAIN;
}

/* A child of the board the reader has no field for, holding text only: (tag, text) kept. */
static PyObject *stripped(PyObject *text);

static enum walk_result keep_leftover(const xmlNode *child, PyObject *leftovers) {
    int plain;
    PyObject *text = text_only(child, &plain, NULL);
    if (text == NULL) return plain ? WALK_ERROR : WALK_ODD;
    PyObject *clean = stripped(text);
    Py_DECREF(text);
    if (clean == NULL) return WALK_ERROR;
    PyObject *pair = Py_BuildValue("(sN)", (const char *)child->name, clean);
    if (pair == NULL) return WALK_ERROR;
    int appended = PyList_Append(leftovers, pair);
    Py_DECREF(pair);
    return appended < 0 ? WALK_ERROR : WALK_PLAIN;
}

/* The board's own attributes, name to value (attributes in a namespace are not plain). */
static enum walk_result keep_attributes(const xmlNode *board, PyObject *attributes) {
    for (const xmlAttr *attribute = board->properties; attribute; attribute = attribute->next) {
        if (attribute->ns != NULL) return WALK_ODD;
        int plain;
        PyObject *value = text_only((const xmlNode *)attribute, &plain, NULL);
        if (value == NULL) return plain ? WALK_ERROR : WALK_ODD;
        int stored = PyDict_SetItemString(attributes, (const char *)attribute->name, value);
        Py_DECREF(value);
        if (stored < 0) return WALK_ERROR;
    }
    return WALK_PLAIN;
}

static enum walk_result walk_board(const xmlNode *board,
                                   PyObject **number, Py_ssize_t *count, PyObject *columns,
                                   PyObject *wordy, PyObject *leftovers, PyObject *attributes,
                                   struct tag_cache *cache) {
    if (board->nsDef != NULL) return WALK_ODD;
    enum walk_result kept = keep_attributes(board, attributes);
    if (kept != WALK_PLAIN) return kept;
    for (const xmlNode *child = board->children; child != NULL; child = child->next) {
        if (is_text(child) || child->type == XML_COMMENT_NODE) continue;
        if (child->type != XML_ELEMENT_NODE || child->ns != NULL) return WALK_ODD;
        const char *name = (const char *)child->name;
        if (strcmp(name, "TRAVELLER_LINE") == 0) {
            enum walk_result result = walk_line(child, *count, columns, wordy, cache);
            if (result != WALK_PLAIN) return result;
            (*count)++;
        } else if (strcmp(name, "BOARD_NUMBER") == 0) {
            if (*number == NULL && (*number = leading_text(child)) == NULL) return WALK_ERROR;
        } else {
            enum walk_result result = keep_leftover(child, leftovers);
            if (result != WALK_PLAIN) return result;
        }
    }
    return WALK_PLAIN;
}

PyDoc_STRVAR(board_columns_doc,
"board_columns(board)\n"
"    -> (number_text, line_count, columns, leftovers, wordy) or None\n\n"
"A plain BOARD element's number text (lxml's .text of its first BOARD_NUMBER, None if it\n"
"has none), its traveller lines' texts as one list a tag (None where a line lacks the\n"
"tag), its leftovers as the reader keeps them\n"
"({'elements': its other children as (tag, stripped text) in order, 'unknown': [],\n"
"'attributes': its attributes}), and the set of tags whose lines hold some text that is\n"
"not a plain decimal number (or blank). None for any board that is not plain (see the\n"
"module's comment).");

static PyObject *board_columns(PyObject *module, PyObject *element) {
    (void)module;
    const xmlNode *board = node_of(element, "board_columns");
    if (board == NULL) return NULL;
    if (board->type != XML_ELEMENT_NODE) Py_RETURN_NONE;
    PyObject *columns = PyDict_New();
    PyObject *leftovers = PyList_New(0);
    PyObject *attributes = PyDict_New();
    PyObject *wordy = PySet_New(NULL);
    if (columns == NULL || leftovers == NULL || attributes == NULL || wordy == NULL) {
        Py_XDECREF(columns);
        Py_XDECREF(leftovers);
        Py_XDECREF(attributes);
        Py_XDECREF(wordy);
        return NULL;
    }
    struct tag_cache cache = {.used = 0};
    PyObject *number = NULL;
    Py_ssize_t count = 0;
    enum walk_result result =
        walk_board(board, &number, &count, columns, wordy, leftovers, attributes, &cache);
    tag_cache_clear(&cache);
    if (result != WALK_PLAIN) {
        Py_XDECREF(number);
        Py_DECREF(columns);
        Py_DECREF(leftovers);
        Py_DECREF(attributes);
        Py_DECREF(wordy);
        if (result == WALK_ERROR) return NULL;
        Py_RETURN_NONE;
    }
    if (number == NULL) {
        number = Py_None;
        Py_INCREF(number);
    }
    PyObject *kept = Py_BuildValue("{sNsNsN}", "elements", leftovers, "unknown", PyList_New(0),
                                   "attributes", attributes);
    if (kept == NULL) {
        Py_DECREF(number);
        Py_DECREF(columns);
        Py_DECREF(wordy);
        return NULL;
    }
    return Py_BuildValue("(NnNNN)", number, count, columns, kept, wordy);
}

/* HANDSET boards ---------------------------------------------------------------------- */

static const char RANKS[] = "AKQJT98765432";
static const char *const SEAT_NAMES[4] = {"NORTH", "EAST", "SOUTH", "WEST"};
static const char *const SUIT_TAGS[4] = {"SPADES", "HEARTS", "DIAMONDS", "CLUBS"};

/* The content of an element holding at most one text node, trimmed of blanks at both ends
 * (start and length); 0 when it holds anything else. */
static int trimmed_text(const xmlNode *element, const char **start, size_t *length) {
    const xmlNode *node = element->children;
    *start = "";
    *length = 0;
    if (node == NULL) return 1;
    if (node->next != NULL || node->type != XML_TEXT_NODE || node->content == NULL) return 0;
    const char *text = (const char *)node->content;
    size_t end = strlen(text);
    while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r') text++, end--;
    while (end > 0 && strchr(" \t\n\r", text[end - 1]) != NULL) end--;
    *start = text;
    *length = end;
    return 1;
}

static int named(const xmlNode *node, const char *name) {
    return strcmp((const char *)node->name, name) == 0;
}

/* One HAND into the 52 seats: 0 when it is anything but plain (a tag twice, a seat given
 * twice, a card that is no rank or is held twice), which the Python reader then reports. */
static int place_hand(const xmlNode *hand, unsigned char seats[52], int seat_seen[4],
                      int held[4]) {
    const xmlNode *suits[4] = {NULL, NULL, NULL, NULL};
    const xmlNode *direction = NULL;
    for (const xmlNode *child = hand->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE) {
            if (is_text(child) || child->type == XML_COMMENT_NODE) continue;
            return 0;
        }
        if (child->ns != NULL) return 0;
        if (named(child, "DIRECTION")) {
            if (direction != NULL) return 0;
            direction = child;
        }
        for (int suit = 0; suit < 4; suit++) {
            if (named(child, SUIT_TAGS[suit])) {
                if (suits[suit] != NULL) return 0;
                suits[suit] = child;
            }
        }
    }
    const char *text;
    size_t length;
    if (direction == NULL) return 1; /* a hand with no seat is left out */
    if (!trimmed_text(direction, &text, &length)) return 0;
    int seat = -1;
    for (int s = 0; s < 4; s++) {
        if (length == strlen(SEAT_NAMES[s]) && strncasecmp(text, SEAT_NAMES[s], length) == 0) seat = s;
    }
    if (seat < 0) return length == 0; /* no seat: left out; anything else for Python to judge */
    if (seat_seen[seat]) return 0;
    seat_seen[seat] = 1;
    for (int suit = 0; suit < 4; suit++) {
        if (suits[suit] == NULL) continue;
        if (!trimmed_text(suits[suit], &text, &length)) return 0;
        for (size_t i = 0; i < length; i++) {
            char rank = text[i] >= 'a' && text[i] <= 'z' ? (char)(text[i] - 32) : text[i];
            const char *found = rank ? strchr(RANKS, rank) : NULL;
            if (found == NULL) return 0;
            int card = suit * 13 + (int)(found - RANKS);
            if (seats[card] != 255) return 0;
            seats[card] = (unsigned char)seat;
            held[seat]++;
        }
    }
    return 1;
}

PyDoc_STRVAR(hand_seats_doc,
"hand_seats(board) -> (number_text, seats) or None\n\n"
"A HANDSET BOARD's number text (as board_columns gives it) and its deal as 52 bytes, the\n"
"seat (0-3 for N, E, S, W) holding each card, 255 where no hand places it; a single hand\n"
"left out is given the cards nobody holds when the other three hold 13 each. None when a\n"
"hand is not plain (a tag or seat twice, a card that is no rank or is held twice).");

static PyObject *hand_seats(PyObject *module, PyObject *element) {
    (void)module;
    const xmlNode *board = node_of(element, "hand_seats");
    if (board == NULL) return NULL;
    unsigned char seats[52];
    int seat_seen[4] = {0, 0, 0, 0}, held[4] = {0, 0, 0, 0};
    memset(seats, 255, sizeof seats);
    const xmlNode *number = NULL;
    for (const xmlNode *child = board->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE || child->ns != NULL) continue;
        if (named(child, "BOARD_NUMBER") && number == NULL) number = child;
        if (named(child, "HAND") && !place_hand(child, seats, seat_seen, held)) Py_RETURN_NONE;
    }
    int missing = -1, unseen = 0, full = 0;
    for (int s = 0; s < 4; s++) {
        if (!seat_seen[s]) missing = s, unseen++;
        else full += held[s] == 13;
    }
    if (unseen == 1 && full == 3) {
        for (int card = 0; card < 52; card++) {
            if (seats[card] == 255) seats[card] = (unsigned char)missing;
        }
    }
    PyObject *text = number ? leading_text(number) : Py_NewRef(Py_None);
    if (text == NULL) return NULL;
    return Py_BuildValue("(Ny#)", text, (const char *)seats, (Py_ssize_t)52);
}

/* What lxml counts as an element's children: elements, comments, PIs and entity references. */
static int is_lxml_child(const xmlNode *node) {
    return node->type == XML_ELEMENT_NODE || node->type == XML_COMMENT_NODE ||
           node->type == XML_PI_NODE || node->type == XML_ENTITY_REF_NODE;
}

PyDoc_STRVAR(child_texts_doc,
"child_texts(element) -> [(tag, text, size), ...]\n\n"
"One entry for each child lxml counts (so entry i is element[i]): an element's tag, its\n"
"lxml .text and its len(); (None, None, 0) for a comment, processing instruction or entity\n"
"reference; (None, None, -1) for an element in a namespace (ask lxml for its tag).");

static PyObject *child_texts(PyObject *module, PyObject *element) {
    (void)module;
    const xmlNode *parent = node_of(element, "child_texts");
    if (parent == NULL) return NULL;
    PyObject *children = PyList_New(0);
    if (children == NULL) return NULL;
    struct tag_cache cache = {.used = 0};
    for (const xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (!is_lxml_child(child)) continue;
        PyObject *entry;
        if (child->type == XML_ELEMENT_NODE && child->ns == NULL) {
            Py_ssize_t size = 0;
            for (const xmlNode *node = child->children; node != NULL; node = node->next) {
                size += is_lxml_child(node);
            }
            int slot;
            PyObject *tag = tag_string(&cache, child->name, &slot);
            PyObject *text = tag ? leading_text(child) : NULL;
            entry = text ? Py_BuildValue("(OOn)", tag, text, size) : NULL;
            Py_XDECREF(text);
            if (slot < 0) Py_XDECREF(tag);
        } else {
            Py_ssize_t mark = child->type == XML_ELEMENT_NODE ? -1 : 0;
            entry = Py_BuildValue("(OOn)", Py_None, Py_None, mark);
        }
        if (entry == NULL || PyList_Append(children, entry) < 0) {
            Py_XDECREF(entry);
            Py_DECREF(children);
            tag_cache_clear(&cache);
            return NULL;
        }
        Py_DECREF(entry);
    }
    tag_cache_clear(&cache);
    return children;
}

/* str.strip() of a text: done here for ASCII texts (the usual case), by Python otherwise. */
static PyObject *stripped(PyObject *text) {
    if (!PyUnicode_IS_ASCII(text)) return PyObject_CallMethod(text, "strip", NULL);
    const char *chars = (const char *)PyUnicode_DATA(text);
    Py_ssize_t start = 0, end = PyUnicode_GET_LENGTH(text);
    /* Python's whitespace among ASCII: \t \n \v \f \r, \x1c-\x1f and the space */
#define BLANK(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r') || ((c) >= 0x1c && (c) <= 0x1f))
    while (start < end && BLANK(chars[start])) start++;
    while (end > start && BLANK(chars[end - 1])) end--;
#undef BLANK
    if (start == 0 && end == PyUnicode_GET_LENGTH(text)) return Py_NewRef(text);
    return PyUnicode_Substring(text, start, end);
}

PyDoc_STRVAR(scan_children_doc,
"scan_children(element, known, nested, inner=None)\n"
"    -> (texts, nested, leftovers, unknown) or None\n\n"
"One pass over an element's children for the reader's _scan: the stripped text of the\n"
"first child of each tag in `known`; for tags also in `nested`, every such child as\n"
"(index, text, len, scanned), where `scanned` is that child scanned the same way with\n"
"inner[tag] as its known tags when `inner` names the tag (else None); the leftovers as\n"
"{'elements': children of other tags holding no children as (tag, stripped text),\n"
"'unknown': [], 'attributes': the element's}; and the indexes of the other children that\n"
"hold children. None when a child element or an attribute is in a namespace.");

static PyObject *scan_node(const xmlNode *parent, PyObject *known, PyObject *nested_tags,
                           PyObject *inner);

/* A nested child as (index, text, len, scanned). */
static PyObject *nested_child(const xmlNode *child, Py_ssize_t index, PyObject *text,
                              Py_ssize_t size, PyObject *tag, PyObject *nested_tags,
                              PyObject *inner) {
    PyObject *inner_known = inner ? PyDict_GetItemWithError(inner, tag) : NULL;
    if (inner_known == NULL && PyErr_Occurred()) return NULL;
    PyObject *scanned = inner_known ? scan_node(child, inner_known, nested_tags, NULL)
                                    : Py_NewRef(Py_None);
    return scanned ? Py_BuildValue("(nOnN)", index, text, size, scanned) : NULL;
}

static PyObject *scan_node(const xmlNode *parent, PyObject *known, PyObject *nested_tags,
                           PyObject *inner) {
    PyObject *texts = PyDict_New(), *nested = PyDict_New();
    PyObject *elements = PyList_New(0), *unknown = PyList_New(0), *attributes = PyDict_New();
    struct tag_cache cache = {.used = 0};
    int failed = texts == NULL || nested == NULL || elements == NULL || unknown == NULL ||
                 attributes == NULL;
    enum walk_result kept = failed ? WALK_ERROR : keep_attributes(parent, attributes);
    failed = failed || kept == WALK_ERROR;
    int foreign = kept == WALK_ODD;
    Py_ssize_t index = -1;
    for (const xmlNode *child = parent->children; child && !failed && !foreign;
         child = child->next) {
        if (!is_lxml_child(child)) continue;
        index++;
        if (child->type != XML_ELEMENT_NODE) continue;
        if (child->ns != NULL) {
            foreign = 1;
            break;
        }
        Py_ssize_t size = 0;
        for (const xmlNode *node = child->children; node != NULL; node = node->next) {
            size += is_lxml_child(node);
        }
        int slot;
        PyObject *tag = tag_string(&cache, child->name, &slot);
        PyObject *text = tag ? leading_text(child) : NULL;
        PyObject *plain = text == Py_None ? text_of("", 0) : (text ? Py_NewRef(text) : NULL);
        int is_known = plain ? PySet_Contains(known, tag) : -1;
        if (is_known < 0) {
            failed = 1;
        } else if (is_known) {
            int is_nested = PySet_Contains(nested_tags, tag);
            if (is_nested > 0) {
                PyObject *list = PyDict_GetItemWithError(nested, tag);
                if (list == NULL && !PyErr_Occurred()) {
                    list = PyList_New(0);
                    failed = list == NULL || PyDict_SetItem(nested, tag, list) < 0;
                    Py_XDECREF(list); /* the dict holds it */
                }
                PyObject *found =
                    list ? nested_child(child, index, text, size, tag, nested_tags, inner) : NULL;
                failed = failed || found == NULL || PyList_Append(list, found) < 0;
                Py_XDECREF(found);
            }
            failed = failed || is_nested < 0;
            int seen = failed ? -1 : PyDict_Contains(texts, tag);
            if (seen == 0) {
                PyObject *clean = stripped(plain);
                failed = clean == NULL || PyDict_SetItem(texts, tag, clean) < 0;
                Py_XDECREF(clean);
            }
            failed = failed || seen < 0;
        } else if (size) {
            PyObject *at = PyLong_FromSsize_t(index);
            failed = at == NULL || PyList_Append(unknown, at) < 0;
            Py_XDECREF(at);
        } else {
            PyObject *clean = stripped(plain);
            PyObject *pair = clean ? PyTuple_Pack(2, tag, clean) : NULL;
            failed = pair == NULL || PyList_Append(elements, pair) < 0;
            Py_XDECREF(clean);
            Py_XDECREF(pair);
        }
        Py_XDECREF(plain);
        Py_XDECREF(text);
        if (slot < 0) Py_XDECREF(tag);
        failed = failed || tag == NULL;
    }
    tag_cache_clear(&cache);
    if (failed || foreign) {
        Py_XDECREF(texts);
        Py_XDECREF(nested);
        Py_XDECREF(elements);
        Py_XDECREF(unknown);
        Py_XDECREF(attributes);
        if (failed) return NULL;
        Py_RETURN_NONE;
    }
    /* The leftovers as the reader keeps them; "unknown" it fills from the indexes. */
    PyObject *leftovers = Py_BuildValue("{sNsNsN}", "elements", elements, "unknown",
                                        PyList_New(0), "attributes", attributes);
    if (leftovers == NULL) {
        Py_DECREF(texts);
        Py_DECREF(nested);
        Py_DECREF(unknown);
        return NULL;
    }
    return Py_BuildValue("(NNNN)", texts, nested, leftovers, unknown);
}

static PyObject *scan_children(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *element, *known, *nested_tags, *inner = Py_None;
    if (!PyArg_ParseTuple(args, "OOO|O:scan_children", &element, &known, &nested_tags, &inner)) {
        return NULL;
    }
    const xmlNode *parent = node_of(element, "scan_children");
    if (parent == NULL) return NULL;
    if (inner != Py_None && !PyDict_Check(inner)) {
        PyErr_SetString(PyExc_TypeError, "scan_children(): inner must be a dict or None");
        return NULL;
    }
    return scan_node(parent, known, nested_tags, inner == Py_None ? NULL : inner);
}

static PyMethodDef walk_methods[] = {
    {"board_columns", board_columns, METH_O, board_columns_doc},
    {"child_texts", child_texts, METH_O, child_texts_doc},
    {"scan_children", scan_children, METH_VARARGS, scan_children_doc},
    {"hand_seats", hand_seats, METH_O, hand_seats_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef walk_module = {
    PyModuleDef_HEAD_INIT, "_walk", "USEBIO boards read from libxml2's tree in C.", -1,
    walk_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__walk(void) {
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL) return NULL;
    element_type = PyObject_GetAttrString(etree, "_Element");
    Py_DECREF(etree);
    if (element_type == NULL) return NULL;
    return PyModule_Create(&walk_module);
}
