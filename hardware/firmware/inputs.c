#include "inputs.h"

#include "board.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <string.h>
#include <util/delay.h>

#define DIE_LEVELS 7 /* 0 absent, 1..5 faces, 6 blank */
#define TILTED 0xFF
#define SLOTS 5

static role_t role;
static bool jumper_conflict;
static uint8_t channels;

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
static debounce_t button;   /* ready, or lid open for the dice reader */
static debounce_t slots[SLOTS];
static uint32_t slot_changed_at[SLOTS];
static bool seeded;

/* What the protocol reports, two characters per value; compared to spot changes. */
static char report[2 * SLOTS];

static uint16_t level_code(uint8_t level, uint8_t levels)
{
    return (uint16_t)(((uint32_t)level * ADC_FULL_SCALE + (levels - 1) / 2) / (levels - 1));
}

static uint8_t nearest_level(uint16_t code, uint8_t levels)
{
    return (uint8_t)(((uint32_t)code * (levels - 1) + ADC_FULL_SCALE / 2) / ADC_FULL_SCALE);
}

static uint16_t distance(uint16_t a, uint16_t b)
{
    return a > b ? a - b : b - a;
}

/* Nearest ladder position, but the current one is kept until the reading is clearly past
 * the midpoint, so a wiper resting on a boundary cannot flicker between two positions. */
static uint8_t dial_position(uint16_t code, uint8_t current, uint8_t positions)
{
    uint16_t half_step = ADC_FULL_SCALE / (positions - 1) / 2;
    if (distance(code, level_code(current, positions)) <= half_step + DIAL_HYSTERESIS)
        return current;
    return nearest_level(code, positions);
}

static uint8_t die_level(uint16_t code)
{
    uint8_t level = nearest_level(code, DIE_LEVELS);
    return distance(code, level_code(level, DIE_LEVELS)) <= DICE_TOLERANCE ? level : TILTED;
}

role_t inputs_init(void)
{
    ROLE_PORT |= _BV(ROLE_BIT_TACTICIAN) | _BV(ROLE_BIT_DICE);
    SWITCH_PORT |= _BV(READY_BIT) | _BV(LID_BIT);
    _delay_us(50); /* let the weak pull-ups charge the jumper wiring before reading it */
    bool tactician = !(ROLE_PINS & _BV(ROLE_BIT_TACTICIAN));
    bool dice = !(ROLE_PINS & _BV(ROLE_BIT_DICE));
    jumper_conflict = tactician && dice;
    role = jumper_conflict ? ROLE_PILOT : tactician ? ROLE_TACTICIAN : dice ? ROLE_DICE : ROLE_PILOT;

    static const uint8_t role_channels[] = {2, 1, SLOTS};
    channels = role_channels[role];
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
    static const char *const names[] = {"pilot", "tactician", "dice"};
    return names[role];
}

bool inputs_jumper_conflict(void)
{
    return jumper_conflict;
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
            debounce_seed(&dials[i], nearest_level(samples[i], n));
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
    for (uint8_t i = 0; i < SLOTS; i++) {
        uint8_t level = die_level(samples[i]);
        if (!seeded)
            debounce_seed(&slots[i], level);
        if (!seeded || debounce(&slots[i], level, DIAL_SAMPLES))
            slot_changed_at[i] = now;

        uint8_t reading = slots[i].value;
        char state, face = '-';
        if (reading == 0)
            state = 'A';
        else if (lid_open)
            state = 'H';
        else if (reading == TILTED)
            state = 'T';
        else if (now - slot_changed_at[i] < DICE_SETTLE_MS)
            state = 'R';
        else {
            state = 'S';
            face = "-12345B"[reading];
        }
        report[2 * i] = state;
        report[2 * i + 1] = face;
    }
}

bool inputs_update(uint32_t now)
{
    scan_done = false;
    uint8_t bit = role == ROLE_DICE ? LID_BIT : READY_BIT;
    uint8_t pressed = !(SWITCH_PINS & _BV(bit));
    bool was_open = button.value;
    if (!seeded)
        debounce_seed(&button, pressed);
    else if (debounce(&button, pressed, SWITCH_SAMPLES) && was_open && role == ROLE_DICE) {
        /* Dice may have been moved while handled: each must settle again once the lid shuts. */
        for (uint8_t i = 0; i < SLOTS; i++)
            slot_changed_at[i] = now;
    }

    char before[sizeof report];
    memcpy(before, report, sizeof report);
    if (role == ROLE_DICE)
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
    if (role == ROLE_DICE) {
        for (uint8_t i = 0; i < SLOTS; i++) {
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
