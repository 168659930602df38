/* Protocol v1 framing (see docs in README.md): CRC, building device lines and reading
 * host lines. Plain C with no AVR headers, so `make check` can test it on the build host. */
#ifndef PROTO_H
#define PROTO_H

#include <stdbool.h>
#include <stdint.h>

#define PROTO_LINE_MAX 80 /* bytes per line, terminator included */
#define PROTO_MINOR "2"    /* 1.1: minor= and caps= in HELLO, SETID, LED; 1.2: the dice2d6 tray */
#define PROTO_CAPS "led+setid"

/* CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. */
uint16_t crc16(const char *data, uint8_t len);

/* A device line under construction: `TYPE,seq,key=val,...`, then `*CRC\n`. */
typedef struct {
    char text[PROTO_LINE_MAX + 1];
    uint8_t len;
    bool overflow;
} line_t;

void line_begin(line_t *line, const char *type, uint8_t seq);
void line_field(line_t *line, const char *key, const char *value);
void line_field_uint(line_t *line, const char *key, uint16_t value);
/* Appends `*CRC\n`; false if the line would exceed PROTO_LINE_MAX. */
bool line_finish(line_t *line);

/* Collects host bytes into lines; a line longer than PROTO_LINE_MAX is reported as such. */
typedef struct {
    char text[PROTO_LINE_MAX];
    uint8_t len;
    bool too_long;
} reader_t;

typedef enum { READ_MORE, READ_LINE, READ_TOO_LONG } read_result_t;

/* On READ_LINE, reader->text holds the line without `\r\n`, NUL-terminated. */
read_result_t reader_feed(reader_t *reader, char c);

typedef enum {
    REQ_NONE, REQ_HELLO, REQ_STATE, REQ_PING, REQ_ZERO, REQ_SETID, REQ_LED, REQ_ERROR
} req_kind_t;

/* What the host asks the LEDs to show (LED,show=...): a steady base pattern, or the
 * one-shot flash of an accepted move, which plays to its end over the base. */
typedef enum { LED_IDLE, LED_TURN, LED_AGAIN, LED_OK } led_show_t;

typedef struct {
    req_kind_t kind;
    int16_t seq;       /* host seq, or -1 when it could not be read */
    const char *error; /* REQ_ERROR: crc, type or value */
    const char *ctl;   /* REQ_ZERO: the control named, points into the parsed text */
    uint16_t uid;      /* REQ_SETID: the new unit id (never 0xFFFF, the erased value) */
    led_show_t show;   /* REQ_LED: the pattern asked for */
} request_t;

/* Parses one host line in place (splits it on ','). Empty lines give REQ_NONE. */
request_t proto_parse(char *text);

#endif
