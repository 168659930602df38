#include "proto.h"

#include <string.h>

uint16_t crc16(const char *data, uint8_t len)
{
    uint16_t crc = 0xFFFF;
    for (uint8_t i = 0; i < len; i++) {
        crc ^= (uint16_t)((uint8_t)data[i]) << 8;
        for (uint8_t bit = 0; bit < 8; bit++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

static void put(line_t *line, const char *s)
{
    while (*s) {
        if (line->len >= PROTO_LINE_MAX) {
            line->overflow = true;
            return;
        }
        line->text[line->len++] = *s++;
    }
}

static void put_uint(line_t *line, uint16_t value)
{
    char digits[6];
    uint8_t n = sizeof digits - 1;
    digits[n] = '\0';
    do {
        digits[--n] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    put(line, &digits[n]);
}

void line_begin(line_t *line, const char *type, uint8_t seq)
{
    line->len = 0;
    line->overflow = false;
    put(line, type);
    put(line, ",");
    put_uint(line, seq);
}

void line_field(line_t *line, const char *key, const char *value)
{
    put(line, ",");
    put(line, key);
    put(line, "=");
    put(line, value);
}

void line_field_uint(line_t *line, const char *key, uint16_t value)
{
    put(line, ",");
    put(line, key);
    put(line, "=");
    put_uint(line, value);
}

static const char HEX[] = "0123456789ABCDEF";

bool line_finish(line_t *line)
{
    uint16_t crc = crc16(line->text, line->len);
    char tail[7] = {'*', HEX[crc >> 12], HEX[(crc >> 8) & 15], HEX[(crc >> 4) & 15],
                    HEX[crc & 15], '\n', '\0'};
    put(line, tail);
    line->text[line->len] = '\0';
    return !line->overflow;
}

read_result_t reader_feed(reader_t *reader, char c)
{
    if (c == '\n') {
        bool too_long = reader->too_long;
        uint8_t len = reader->len;
        reader->len = 0;
        reader->too_long = false;
        if (too_long)
            return READ_TOO_LONG;
        if (len && reader->text[len - 1] == '\r')
            len--;
        reader->text[len] = '\0';
        return READ_LINE;
    }
    /* Keep room for the NUL: PROTO_LINE_MAX - 1 bytes of text plus the `\n`. */
    if (reader->len >= PROTO_LINE_MAX - 1)
        reader->too_long = true;
    else
        reader->text[reader->len++] = c;
    return READ_MORE;
}

static int8_t hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return (int8_t)(c - '0');
    if (c >= 'A' && c <= 'F')
        return (int8_t)(c - 'A' + 10);
    return -1;
}

/* True when text ends in `*` plus four hex digits matching the CRC of what precedes. */
static bool crc_ok(const char *text, uint8_t len)
{
    if (len < 5 || text[len - 5] != '*')
        return false;
    uint16_t sent = 0;
    for (uint8_t i = len - 4; i < len; i++) {
        int8_t d = hex_digit(text[i]);
        if (d < 0)
            return false;
        sent = (uint16_t)(sent << 4 | (uint8_t)d);
    }
    return crc16(text, len - 5) == sent;
}

static int16_t parse_seq(const char *s)
{
    uint16_t value = 0;
    uint8_t digits = 0;
    for (; *s; s++, digits++) {
        if (*s < '0' || *s > '9' || digits == 3)
            return -1;
        value = (uint16_t)(value * 10 + (uint16_t)(*s - '0'));
    }
    return (digits && value <= 255) ? (int16_t)value : -1;
}

static bool valid_key(const char *s, const char *end)
{
    if (s == end)
        return false;
    for (; s < end; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

static bool valid_value(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '!' || *s > '~' || *s == '=' || *s == '*')
            return false;
    return true;
}

/* Splits off the next ','-separated token, NUL-terminating it; returns the rest or NULL. */
static char *split(char *s)
{
    char *comma = strchr(s, ',');
    if (!comma)
        return NULL;
    *comma = '\0';
    return comma + 1;
}

static request_t error(const char *code, int16_t seq)
{
    request_t req = {REQ_ERROR, seq, code, NULL, 0, LED_IDLE};
    return req;
}

/* Exactly four upper-case hex digits, as HELLO reports a uid; -1 otherwise. */
static int32_t parse_uid(const char *s)
{
    uint16_t value = 0;
    for (uint8_t i = 0; i < 4; i++) {
        int8_t d = hex_digit(s[i]);
        if (d < 0)
            return -1;
        value = (uint16_t)(value << 4 | (uint8_t)d);
    }
    return s[4] ? -1 : (int32_t)value;
}

static int8_t parse_show(const char *s)
{
    static const char *const names[] = {"idle", "turn", "again", "ok"};
    for (uint8_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i]))
            return (int8_t)i;
    return -1;
}

request_t proto_parse(char *text)
{
    request_t req = {REQ_NONE, -1, NULL, NULL, 0, LED_IDLE};
    uint8_t len = (uint8_t)strlen(text);
    if (len == 0)
        return req;
    if (!crc_ok(text, len))
        return error("crc", -1);
    text[len - 5] = '\0';

    char *type = text;
    char *rest = split(type);
    if (!rest)
        return error("value", -1);
    char *fields = split(rest);
    req.seq = parse_seq(rest);
    if (req.seq < 0)
        return error("value", -1);

    if (!strcmp(type, "?HELLO"))
        req.kind = REQ_HELLO;
    else if (!strcmp(type, "?STATE"))
        req.kind = REQ_STATE;
    else if (!strcmp(type, "PING"))
        req.kind = REQ_PING;
    else if (!strcmp(type, "ZERO"))
        req.kind = REQ_ZERO;
    else if (!strcmp(type, "SETID"))
        req.kind = REQ_SETID;
    else if (!strcmp(type, "LED"))
        req.kind = REQ_LED;
    else
        return error("type", req.seq);

    /* Unknown keys are allowed (a newer host may add some) but must be well formed. */
    const char *uid = NULL, *show = NULL;
    while (fields) {
        char *field = fields;
        fields = split(field);
        char *eq = strchr(field, '=');
        if (!eq || !valid_key(field, eq) || !valid_value(eq + 1))
            return error("value", req.seq);
        *eq = '\0';
        if (!strcmp(field, "ctl"))
            req.ctl = eq + 1;
        else if (!strcmp(field, "uid"))
            uid = eq + 1;
        else if (!strcmp(field, "show"))
            show = eq + 1;
    }
    if (req.kind == REQ_ZERO && !req.ctl)
        return error("value", req.seq);
    if (req.kind == REQ_SETID) {
        int32_t value = uid ? parse_uid(uid) : -1;
        if (value < 0 || value == 0xFFFF)
            return error("value", req.seq);
        req.uid = (uint16_t)value;
    }
    if (req.kind == REQ_LED) {
        int8_t pattern = show ? parse_show(show) : -1;
        if (pattern < 0)
            return error("value", req.seq);
        req.show = (led_show_t)pattern;
    }
    return req;
}
