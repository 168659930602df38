/* How a voltage on an ADC pin becomes a reading: the position of a resistor-ladder dial,
 * and what lies in a dice well (empty, a face, or a die between faces), reported as the
 * protocol's die slot. Plain C with no AVR headers, so `make check` tests it on the build
 * host (test/test_readings.c). */
#ifndef READINGS_H
#define READINGS_H

#include <stdbool.h>
#include <stdint.h>

/* The ADC measures against AVcc, the supply the ladders are built from. */
#define ADC_FULL_SCALE 1023
#define DIAL_HYSTERESIS 24 /* ADC codes beyond half a step before a dial leaves its position */
#define DICE_TOLERANCE 40  /* ADC codes either side of a die level; outside every band = tilted */

/* A well reads one of 7 levels: 0 empty, 1..5 the faces 1 to 5, and 6 (5 V, a wire link
 * in the die) the top face: the blank of a blank-faced die, the 6 of a six-sided one. */
#define DIE_LEVELS 7
#define DIE_TILTED 0xFF

/* The code a ladder puts on its pin at `level` of `levels` (0 V .. full scale). */
uint16_t ladder_code(uint8_t level, uint8_t levels);
/* The ladder level nearest to `code`. */
uint8_t ladder_nearest(uint16_t code, uint8_t levels);
/* Nearest ladder position, but the current one is kept until the reading is clearly past
 * the midpoint, so a wiper resting on a boundary cannot flicker between two positions. */
uint8_t dial_position(uint16_t code, uint8_t current, uint8_t positions);
/* The die level within DICE_TOLERANCE of `code`, or DIE_TILTED between the bands. */
uint8_t die_level(uint16_t code);

/* A kind of tray: how many wells it reads and how it names each level (a face
 * character per level 0..6; level 0 is never a face). */
typedef struct {
    uint8_t wells;
    const char *faces;
} tray_t;

extern const tray_t TRAY_BLANK5; /* five wells, faces 1-5 and blank (protocol kind dice) */
extern const tray_t TRAY_2D6;    /* two wells, faces 1-6 (protocol kind dice2d6) */

/* A die slot's two characters (state, then face) from the well's debounced level: `A-`
 * empty (whatever the lid), `H-` handled (the lid is open), `T-` tilted, `R-` rolling (the
 * level changed less than the settling time ago), else stable with its face. */
void die_report(const tray_t *tray, uint8_t level, bool handled, bool settling, char out[2]);

#endif
