/* Host-side check of proto.c: the CRC check value and how host lines are judged.
 * Built and run with the build host's gcc by `make check`. */
#include "../proto.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define EXPECT(cond)                                                        \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

/* Frames a host line the way the host does, then parses it back. */
static request_t parse_framed(const char *body)
{
    static char text[128];
    snprintf(text, sizeof text, "%s*%04X", body, crc16(body, (uint8_t)strlen(body)));
    return proto_parse(text);
}

static void test_crc(void)
{
    EXPECT(crc16("123456789", 9) == 0x29B1);
    EXPECT(crc16("", 0) == 0xFFFF);
}

static void test_line(void)
{
    line_t line;
    line_begin(&line, "EV", 7);
    line_field_uint(&line, "steer", 2);
    line_field(&line, "ready", "1");
    EXPECT(line_finish(&line));
    char expect[64];
    snprintf(expect, sizeof expect, "EV,7,steer=2,ready=1*%04X\n", crc16("EV,7,steer=2,ready=1", 20));
    EXPECT(!strcmp(line.text, expect));

    line_begin(&line, "STATE", 255);
    for (int i = 0; i < 10; i++)
        line_field(&line, "abcdef", "0123456789");
    EXPECT(!line_finish(&line));
}

static void test_parse(void)
{
    request_t req = parse_framed("PING,12");
    EXPECT(req.kind == REQ_PING && req.seq == 12);
    req = parse_framed("?HELLO,0");
    EXPECT(req.kind == REQ_HELLO && req.seq == 0);
    req = parse_framed("ZERO,255,ctl=steer");
    EXPECT(req.kind == REQ_ZERO && req.seq == 255 && !strcmp(req.ctl, "steer"));
    req = parse_framed("ZERO,3");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value") && req.seq == 3);
    req = parse_framed("JUMP,4");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "type") && req.seq == 4);
    req = parse_framed("PING,256");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value") && req.seq == -1);
    req = parse_framed("PING,5,bad");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value") && req.seq == 5);

    req = parse_framed("SETID,9,uid=00A7");
    EXPECT(req.kind == REQ_SETID && req.seq == 9 && req.uid == 0x00A7);
    req = parse_framed("SETID,10,uid=FFFF"); /* the erased value: not an id */
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value") && req.seq == 10);
    req = parse_framed("SETID,11,uid=00a7"); /* ids are upper-case, as HELLO reports them */
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value"));
    req = parse_framed("SETID,12,uid=12345");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value"));
    req = parse_framed("SETID,13");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value"));
    req = parse_framed("LED,14,show=turn");
    EXPECT(req.kind == REQ_LED && req.show == LED_TURN);
    req = parse_framed("LED,15,show=ok,extra=1"); /* a newer host's extra field is fine */
    EXPECT(req.kind == REQ_LED && req.show == LED_OK);
    req = parse_framed("LED,16,show=disco");
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "value") && req.seq == 16);

    char bad_crc[] = "PING,1*0000";
    req = proto_parse(bad_crc);
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "crc"));
    char no_crc[] = "PING,1";
    req = proto_parse(no_crc);
    EXPECT(req.kind == REQ_ERROR && !strcmp(req.error, "crc"));
    char empty[] = "";
    EXPECT(proto_parse(empty).kind == REQ_NONE);
}

static void test_reader(void)
{
    reader_t reader = {0};
    const char *input = "PING,1*ABCD\r\n";
    read_result_t result = READ_MORE;
    for (const char *c = input; *c; c++)
        result = reader_feed(&reader, *c);
    EXPECT(result == READ_LINE && !strcmp(reader.text, "PING,1*ABCD"));

    for (int i = 0; i < PROTO_LINE_MAX; i++)
        EXPECT(reader_feed(&reader, 'x') == READ_MORE);
    EXPECT(reader_feed(&reader, '\n') == READ_TOO_LONG);
    EXPECT(reader_feed(&reader, 'y') == READ_MORE);
    EXPECT(reader_feed(&reader, '\n') == READ_LINE && !strcmp(reader.text, "y"));
}

int main(void)
{
    test_crc();
    test_line();
    test_parse();
    test_reader();
    if (failures) {
        fprintf(stderr, "%d proto check(s) failed\n", failures);
        return 1;
    }
    puts("proto checks passed");
    return 0;
}
