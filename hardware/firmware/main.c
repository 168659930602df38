/* Botyard table controller firmware: one image for the pilot console, the tactician
 * console and the dice trays (role chosen by jumpers at boot). Speaks protocol 1.2 over
 * the USB serial bridge: HELLO at boot, EV on every debounced change, STATE as a 1 s
 * heartbeat, answers to the host's requests, and LEDs the host lights. */
#include "board.h"
#include "clock.h"
#include "inputs.h"
#include "leds.h"
#include "proto.h"
#include "uart.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/sleep.h>
#include <string.h>

static uint8_t seq;
static uint32_t last_state_ms;
static char uid[5];

/* Sends a finished line. A line that does not fit the transmit buffer is dropped but its
 * seq is still used, so the host sees the gap and asks for ?STATE (absolute state heals). */
static void send(line_t *line)
{
    seq++;
    if (line_finish(line))
        uart_write(line->text, line->len);
}

static void send_snapshot(const char *type)
{
    line_t line;
    line_begin(&line, type, seq);
    inputs_snapshot(&line);
    send(&line);
}

static void send_state(uint32_t now)
{
    send_snapshot("STATE");
    last_state_ms = now;
}

static void send_hello(uint32_t now)
{
    line_t line;
    line_begin(&line, "HELLO", seq);
    line_field(&line, "proto", "1");
    line_field(&line, "minor", PROTO_MINOR);
    line_field(&line, "dev", inputs_role_name());
    line_field(&line, "fw", FW_VERSION);
    line_field(&line, "uid", uid);
    line_field(&line, "caps", PROTO_CAPS);
    send(&line);
    send_state(now);
}

static void send_reply(const char *type, const char *key, const char *value, int16_t ref)
{
    line_t line;
    line_begin(&line, type, seq);
    if (key)
        line_field(&line, key, value);
    if (ref < 0)
        line_field(&line, "ref", "-");
    else
        line_field_uint(&line, "ref", (uint16_t)ref);
    send(&line);
}

static void send_log(const char *text)
{
    uart_write(text, (uint8_t)strlen(text));
}

static void show_uid(uint16_t value)
{
    static const char hex[] = "0123456789ABCDEF";
    for (uint8_t i = 0; i < 4; i++)
        uid[i] = hex[(value >> (12 - 4 * i)) & 15];
    uid[4] = '\0';
}

/* The unit id the host set (SETID) in EEPROM; an erased EEPROM gives a per-role default,
 * so that unprogrammed controllers of different roles still tell apart (two of one role
 * do not: the host refuses both until one is given its own id). */
static void load_uid(role_t role)
{
    uint16_t value = eeprom_read_word((const uint16_t *)EEPROM_UID_ADDR);
    value = (uint16_t)(value << 8 | value >> 8); /* stored high byte first */
    if (value == 0xFFFF)
        value = (uint16_t)(DEFAULT_UID_BASE + role);
    show_uid(value);
}

static void store_uid(uint16_t value)
{
    eeprom_update_byte((uint8_t *)EEPROM_UID_ADDR, (uint8_t)(value >> 8));
    eeprom_update_byte((uint8_t *)(EEPROM_UID_ADDR + 1), (uint8_t)value);
    show_uid(value);
}

static void handle_line(char *text, uint32_t now)
{
    request_t req = proto_parse(text);
    if (req.kind != REQ_NONE && req.kind != REQ_ERROR)
        leds_host_heard(now);
    switch (req.kind) {
    case REQ_NONE:
        break;
    case REQ_HELLO:
        send_hello(now);
        break;
    case REQ_STATE:
        send_state(now);
        break;
    case REQ_PING:
        send_reply("ACK", NULL, NULL, req.seq);
        break;
    case REQ_ZERO:
        /* The next scan reports the dial's new reading with an EV, after this ACK. */
        if (inputs_zero(req.ctl))
            send_reply("ACK", NULL, NULL, req.seq);
        else
            send_reply("ERR", "code", "value", req.seq);
        break;
    case REQ_SETID:
        /* The new id is in EEPROM before the ACK; the HELLO after it shows the board
         * under its new name, so the host need not trust the ACK alone. */
        store_uid(req.uid);
        send_reply("ACK", NULL, NULL, req.seq);
        send_hello(now);
        break;
    case REQ_LED:
        /* Not answered: the host repeats its pattern every second as its heartbeat. */
        leds_show(req.show, now);
        break;
    case REQ_ERROR:
        send_reply("ERR", "code", req.error, req.seq);
        break;
    }
}

static void read_host(uint32_t now)
{
    static reader_t reader;
    int16_t c;
    while ((c = uart_read()) >= 0) {
        read_result_t result = reader_feed(&reader, (char)c);
        if (result == READ_LINE)
            handle_line(reader.text, now);
        else if (result == READ_TOO_LONG)
            send_reply("ERR", "code", "long", -1);
    }
}

/* Idle sleep until the next interrupt (1 ms tick, ADC, UART), unless work is waiting. */
static void idle(void)
{
    cli();
    if (!inputs_scan_done() && !uart_rx_pending()) {
        sleep_enable();
        sei();
        sleep_cpu();
        sleep_disable();
    }
    sei();
}

int main(void)
{
    role_t role = inputs_init();
    load_uid(role);
    leds_init();
    clock_init();
    uart_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();

    /* The first scan seeds every debouncer, so the boot STATE already shows real positions. */
    inputs_start_scan();
    while (!inputs_scan_done())
        idle();
    uint32_t now = clock_ms();
    inputs_update(now);
    uint32_t last_scan_ms = now;
    send_hello(now);
    if (inputs_jumper_problem())
        send_log(inputs_jumper_problem());

    for (;;) {
        now = clock_ms();
        if (now - last_scan_ms >= SAMPLE_MS) {
            last_scan_ms = now;
            inputs_start_scan();
        }
        if (inputs_scan_done() && inputs_update(now))
            send_snapshot("EV");
        read_host(now);
        if (now - last_state_ms >= HEARTBEAT_MS)
            send_state(now);
        leds_update(now);
        idle();
    }
}
