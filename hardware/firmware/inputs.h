/* The controller's inputs: role jumpers, resistor-ladder dials, dice wells and switches.
 * Samples every channel of the role every SAMPLE_MS, debounces, and keeps the snapshot the
 * protocol reports. Knows nothing of the serial line beyond appending snapshot fields. */
#ifndef INPUTS_H
#define INPUTS_H

#include "proto.h"

#include <stdbool.h>
#include <stdint.h>

/* The board kinds of the protocol; a role's default unit id is DEFAULT_UID_BASE + role. */
typedef enum { ROLE_PILOT, ROLE_TACTICIAN, ROLE_DICE, ROLE_DICE2D6 } role_t;

/* Reads the role jumpers and sets up pins and the ADC for that role. */
role_t inputs_init(void);
const char *inputs_role_name(void);
/* A log line (`#...\n`) saying which jumpers make no valid board and what runs instead,
 * or NULL when they are fine. */
const char *inputs_jumper_problem(void);

/* Starts an interrupt-driven scan of the role's ADC channels (no-op if one is running). */
void inputs_start_scan(void);
bool inputs_scan_done(void);
/* Consumes a finished scan; true when the reported snapshot changed. */
bool inputs_update(uint32_t now_ms);

void inputs_snapshot(line_t *line);
/* ZERO: the dial ctl names now reads 0 where it points, and keeps that offset in EEPROM
 * across resets (a knob fitted a quarter turn off is put right without a screwdriver).
 * False when this role has no such dial. The next scan reports the new reading. */
bool inputs_zero(const char *ctl);

#endif
