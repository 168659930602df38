#include "readings.h"

const tray_t TRAY_BLANK5 = {5, "-12345B"};
const tray_t TRAY_2D6 = {2, "-123456"};

uint16_t ladder_code(uint8_t level, uint8_t levels)
{
    return (uint16_t)(((uint32_t)level * ADC_FULL_SCALE + (levels - 1) / 2) / (levels - 1));
}

uint8_t ladder_nearest(uint16_t code, uint8_t levels)
{
    return (uint8_t)(((uint32_t)code * (levels - 1) + ADC_FULL_SCALE / 2) / ADC_FULL_SCALE);
}

static uint16_t distance(uint16_t a, uint16_t b)
{
    return a > b ? a - b : b - a;
}

uint8_t dial_position(uint16_t code, uint8_t current, uint8_t positions)
{
    uint16_t half_step = ADC_FULL_SCALE / (positions - 1) / 2;
    if (distance(code, ladder_code(current, positions)) <= half_step + DIAL_HYSTERESIS)
        return current;
    return ladder_nearest(code, positions);
}

uint8_t die_level(uint16_t code)
{
    uint8_t level = ladder_nearest(code, DIE_LEVELS);
    return distance(code, ladder_code(level, DIE_LEVELS)) <= DICE_TOLERANCE ? level : DIE_TILTED;
}

void die_report(const tray_t *tray, uint8_t level, bool handled, bool settling, char out[2])
{
    out[1] = '-';
    if (level == 0)
        out[0] = 'A';
    else if (handled)
        out[0] = 'H';
    else if (level == DIE_TILTED)
        out[0] = 'T';
    else if (settling)
        out[0] = 'R';
    else {
        out[0] = 'S';
        out[1] = tray->faces[level];
    }
}
