#include "inputs.h"

#include "board.h"
#include "readings.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <string.h>
#include <util/delay.h>

#define SLOTS 5 /* the most wells a tray reads */

static role_t role;
static const char *jumper_problem;
static uint8_t channels;
static const tray_t *tray; /* NULL for a console */

static volatile uint16_t samples[SLOTS];
static volatile uint8_t scan_index;
static volatile bool scanning, scan_done;

/* A value that only changes after `needed` equal consecutive raw samples. */
typedef struct {
    uint8_t value, candidate, count;
} debounce_t;

static bool debounce(debounce_t *d, uint8_t raw, uint8_t needed)
{
    if (raw == d->value) {
        d->count = 0;
        return false;
    }
    if (raw != d->candidate) {
        d->candidate = raw;
        d->count = 0;
    }
    if (++d->count < needed)
        return false;
    d->value = raw;
    d->count = 0;
    return true;
}

static void debounce_seed(debounce_t *d, uint8_t raw)
{
    d->value = d->candidate = raw;
    d->count = 0;
}

static debounce_t dials[2]; /* pilot: steer, target; tactician: tactic */
static uint8_t zero[2];     /* each dial's offset: the position that reads as 0 (ZERO) */
static debounce_t button;   /* ready, or lid open for a dice tray */
static debounce_t slots[SLOTS];
static uint32_t slot_changed_at[SLOTS];
static bool seeded;

/* What the protocol reports, two characters per value; compared to spot changes. */
static char report[2 * SLOTS];

/* Role jumpers to ground: D8 tactician, D9 dice tray, and with D9 the 2d6 jumper on D10
 * for a tray of two six-sided dice. An invalid set runs as the README says, with a log. */
static role_t read_jumpers(void)
{
    bool tactician = !(ROLE_PINS & _BV(ROLE_BIT_TACTICIAN));
    bool dice = !(ROLE_PINS & _BV(ROLE_BIT_DICE));
    bool two_d6 = !(ROLE_PINS & _BV(ROLE_BIT_2D6));
    if (tactician && dice) {
        jumper_problem = "#both role jumpers fitted: running as pilot\n";
        return ROLE_PILOT;
    }
    if (two_d6 && !dice)
        jumper_problem = "#2d6 jumper fitted without the dice jumper: ignored\n";
    if (dice)
        return two_d6 ? ROLE_DICE2D6 : ROLE_DICE;
    return tactician ? ROLE_TACTICIAN : ROLE_PILOT;
}

role_t inputs_init(void)
{
    ROLE_PORT |= _BV(ROLE_BIT_TACTICIAN) | _BV(ROLE_BIT_DICE) | _BV(ROLE_BIT_2D6);
    SWITCH_PORT |= _BV(READY_BIT) | _BV(LID_BIT);
    _delay_us(50); /* let the weak pull-ups charge the jumper wiring before reading it */
    role = read_jumpers();

    static const tray_t *const role_trays[] = {NULL, NULL, &TRAY_BLANK5, &TRAY_2D6};
    static const uint8_t dial_channels[] = {2, 1};
    tray = role_trays[role];
    channels = tray ? tray->wells : dial_channels[role];
    for (uint8_t i = 0; i < 2; i++) {
        zero[i] = eeprom_read_byte((const uint8_t *)(EEPROM_ZERO_ADDR + i));
        if (zero[i] >= 4)
            zero[i] = 0; /* erased (0xFF) or stored by a role with fewer positions */
    }
    /* Analog-only pins: their digital buffers would only draw current. */
    DIDR0 = (uint8_t)((1 << channels) - 1);
    ADMUX = _BV(REFS0);
    /* clk/128 = 125 kHz ADC clock, inside the 50-200 kHz full-resolution range. */
    ADCSRA = _BV(ADEN) | _BV(ADIE) | _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);
    return role;
}

const char *inputs_role_name(void)
{
    static const char *const names[] = {"pilot", "tactician", "dice", "dice2d6"};
    return names[role];
}

const char *inputs_jumper_problem(void)
{
    return jumper_problem;
}

void inputs_start_scan(void)
{
    if (scanning)
        return;
    scanning = true;
    scan_index = 0;
    ADMUX = _BV(REFS0);
    ADCSRA |= _BV(ADSC);
}

bool inputs_scan_done(void)
{
    return scan_done;
}

ISR(ADC_vect)
{
    samples[scan_index] = ADC;
    if (++scan_index < channels) {
        ADMUX = (uint8_t)(_BV(REFS0) | scan_index);
        ADCSRA |= _BV(ADSC);
    } else {
        scanning = false;
        scan_done = true;
    }
}

static const uint8_t dial_positions[][2] = {{4, 4}, {3, 0}};

static void update_dials(void)
{
    for (uint8_t i = 0; i < channels; i++) {
        uint8_t n = dial_positions[role][i];
        if (!seeded)
            debounce_seed(&dials[i], ladder_nearest(samples[i], n));
        else
            debounce(&dials[i], dial_position(samples[i], dials[i].value, n), DIAL_SAMPLES);
        uint8_t offset = zero[i] < n ? zero[i] : 0;
        report[i] = (char)('0' + (dials[i].value + n - offset) % n);
    }
    report[channels] = (char)('0' + button.value);
}

static void update_dice(uint32_t now)
{
    bool lid_open = button.value;
    for (uint8_t i = 0; i < channels; i++) {
        uint8_t level = die_level(samples[i]);
        if (!seeded)
            debounce_seed(&slots[i], level);
        if (!seeded || debounce(&slots[i], level, DIAL_SAMPLES))
            slot_changed_at[i] = now;
        bool settling = now - slot_changed_at[i] < DICE_SETTLE_MS;
        die_report(tray, slots[i].value, lid_open, settling, &report[2 * i]);
    }
}

bool inputs_update(uint32_t now)
{
    scan_done = false;
    uint8_t bit = tray ? LID_BIT : READY_BIT;
    uint8_t pressed = !(SWITCH_PINS & _BV(bit));
    bool was_open = button.value;
    if (!seeded)
        debounce_seed(&button, pressed);
    else if (debounce(&button, pressed, SWITCH_SAMPLES) && was_open && tray) {
        /* Dice may have been moved while handled: each must settle again once the lid shuts. */
        for (uint8_t i = 0; i < channels; i++)
            slot_changed_at[i] = now;
    }

    char before[sizeof report];
    memcpy(before, report, sizeof report);
    if (tray)
        update_dice(now);
    else
        update_dials();
    seeded = true;
    return memcmp(before, report, sizeof report) != 0;
}

void inputs_snapshot(line_t *line)
{
    static const char *const pilot_keys[] = {"steer", "target", "ready"};
    static const char *const tactician_keys[] = {"tactic", "ready"};
    static const char *const dice_keys[] = {"d0", "d1", "d2", "d3", "d4"};
    char value[3] = {0};
    if (tray) {
        for (uint8_t i = 0; i < channels; i++) {
            value[0] = report[2 * i];
            value[1] = report[2 * i + 1];
            line_field(line, dice_keys[i], value);
        }
        return;
    }
    const char *const *keys = role == ROLE_PILOT ? pilot_keys : tactician_keys;
    for (uint8_t i = 0; i <= channels; i++) {
        value[0] = report[i];
        line_field(line, keys[i], value);
    }
}

/* The dial index ctl names on this role, or -1. */
static int8_t control_index(const char *ctl)
{
    if (role == ROLE_PILOT)
        return !strcmp(ctl, "steer") ? 0 : !strcmp(ctl, "target") ? 1 : -1;
    return role == ROLE_TACTICIAN && !strcmp(ctl, "tactic") ? 0 : -1;
}

bool inputs_zero(const char *ctl)
{
    int8_t i = control_index(ctl);
    if (i < 0)
        return false;
    zero[i] = dials[i].value;
    eeprom_update_byte((uint8_t *)(EEPROM_ZERO_ADDR + i), zero[i]);
    return true;
}
