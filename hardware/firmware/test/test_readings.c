/* Host-side check of readings.c: ladder levels, dial hysteresis, and what a dice well
 * reports on each kind of tray, including the voltages BUILD.md's face resistors make.
 * Built and run with the build host's gcc by `make check`. */
#include "../readings.h"

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

static void test_ladders(void)
{
    static const uint8_t sizes[] = {3, 4, DIE_LEVELS};
    for (unsigned s = 0; s < sizeof sizes; s++)
        for (uint8_t level = 0; level < sizes[s]; level++)
            EXPECT(ladder_nearest(ladder_code(level, sizes[s]), sizes[s]) == level);
    EXPECT(ladder_code(0, DIE_LEVELS) == 0 && ladder_code(DIE_LEVELS - 1, DIE_LEVELS) == 1023);
}

static void test_dial_hysteresis(void)
{
    /* A dial keeps its position up to DIAL_HYSTERESIS codes past the half step. */
    uint16_t reach = ADC_FULL_SCALE / 3 / 2 + DIAL_HYSTERESIS;
    uint16_t one = ladder_code(1, 4), two = ladder_code(2, 4);
    EXPECT(dial_position((uint16_t)(one + reach), 1, 4) == 1);
    EXPECT(dial_position((uint16_t)(one + reach + 1), 1, 4) == 2);
    EXPECT(dial_position((uint16_t)(two - reach), 2, 4) == 2);
    EXPECT(dial_position((uint16_t)(two - reach - 1), 2, 4) == 1);
    EXPECT(dial_position(ladder_code(3, 4), 0, 4) == 3);
}

static void test_die_levels(void)
{
    for (uint8_t level = 0; level < DIE_LEVELS; level++) {
        uint16_t code = ladder_code(level, DIE_LEVELS);
        EXPECT(die_level(code) == level);
        if (level > 0) {
            EXPECT(die_level((uint16_t)(code - DICE_TOLERANCE)) == level);
            EXPECT(die_level((uint16_t)(code - DICE_TOLERANCE - 1)) == DIE_TILTED);
            uint16_t between = (uint16_t)((code + ladder_code(level - 1, DIE_LEVELS)) / 2);
            EXPECT(die_level(between) == DIE_TILTED);
        }
        if (level < DIE_LEVELS - 1) {
            EXPECT(die_level((uint16_t)(code + DICE_TOLERANCE)) == level);
            EXPECT(die_level((uint16_t)(code + DICE_TOLERANCE + 1)) == DIE_TILTED);
        }
    }
}

/* The ADC code of a well whose die closes the divider with `ohms` in the face lying down
 * over the well's `pull_down` (BUILD.md, "How a die puts its face on a pin"). */
static uint16_t well_code(double ohms, double pull_down)
{
    return (uint16_t)(1023.0 * pull_down / (pull_down + ohms) + 0.5);
}

static void test_face_resistors_with_one_percent_parts(void)
{
    /* Face up 1..5, then the top face (blank or six): a wire link, 0 ohms. */
    static const double face_ohms[] = {51000, 20000, 10000, 5100, 2000, 0};
    for (uint8_t face = 1; face < DIE_LEVELS; face++) {
        double r = face_ohms[face - 1];
        for (int low = 0; low < 2; low++)
            for (int high = 0; high < 2; high++) {
                double ohms = r * (low ? 0.99 : 1.01);
                double pull_down = 10000 * (high ? 1.01 : 0.99);
                EXPECT(die_level(well_code(ohms, pull_down)) == face);
            }
    }
}

static void test_reports(void)
{
    EXPECT(TRAY_BLANK5.wells == 5 && TRAY_2D6.wells == 2);
    char out[2];
    for (uint8_t level = 1; level <= 5; level++) {
        die_report(&TRAY_2D6, level, false, false, out);
        EXPECT(out[0] == 'S' && out[1] == '0' + level);
        die_report(&TRAY_BLANK5, level, false, false, out);
        EXPECT(out[0] == 'S' && out[1] == '0' + level);
    }
    die_report(&TRAY_2D6, 6, false, false, out);
    EXPECT(!memcmp(out, "S6", 2));
    die_report(&TRAY_BLANK5, 6, false, false, out);
    EXPECT(!memcmp(out, "SB", 2));

    const tray_t *trays[] = {&TRAY_BLANK5, &TRAY_2D6};
    for (int t = 0; t < 2; t++) {
        die_report(trays[t], 0, true, true, out); /* an empty well is empty, lid or not */
        EXPECT(!memcmp(out, "A-", 2));
        die_report(trays[t], 6, true, false, out);
        EXPECT(!memcmp(out, "H-", 2));
        die_report(trays[t], DIE_TILTED, true, false, out);
        EXPECT(!memcmp(out, "H-", 2));
        die_report(trays[t], DIE_TILTED, false, false, out);
        EXPECT(!memcmp(out, "T-", 2));
        die_report(trays[t], 6, false, true, out);
        EXPECT(!memcmp(out, "R-", 2));
    }
}

int main(void)
{
    test_ladders();
    test_dial_hysteresis();
    test_die_levels();
    test_face_resistors_with_one_percent_parts();
    test_reports();
    if (failures) {
        fprintf(stderr, "%d readings check(s) failed\n", failures);
        return 1;
    }
    puts("readings checks passed");
    return 0;
}
