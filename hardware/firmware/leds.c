#include "leds.h"

#include "board.h"

#include <avr/io.h>
#include <stdbool.h>

static led_show_t base = LED_IDLE;
static bool heard;
static uint32_t heard_at, flash_at;
static bool flashing;

void leds_init(void)
{
    LED_DDR |= _BV(LED_GREEN_BIT) | _BV(LED_RED_BIT);
    LED_PORT &= (uint8_t)~(_BV(LED_GREEN_BIT) | _BV(LED_RED_BIT));
}

void leds_host_heard(uint32_t now)
{
    heard = true;
    heard_at = now;
}

void leds_show(led_show_t show, uint32_t now)
{
    if (show == LED_OK) {
        flashing = true;
        flash_at = now;
    } else {
        base = show;
    }
}

static void set(bool green, bool red)
{
    uint8_t port = LED_PORT & (uint8_t)~(_BV(LED_GREEN_BIT) | _BV(LED_RED_BIT));
    if (green)
        port |= _BV(LED_GREEN_BIT);
    if (red)
        port |= _BV(LED_RED_BIT);
    LED_PORT = port;
}

void leds_update(uint32_t now)
{
    if (!heard || now - heard_at >= LINK_LOST_MS) {
        set(false, (now / LOST_BLINK_MS) % 2 == 0);
        flashing = false;
        return;
    }
    if (flashing && now - flash_at < 2 * OK_BLINK_MS * OK_BLINKS) {
        set(((now - flash_at) / OK_BLINK_MS) % 2 == 0, false);
        return;
    }
    flashing = false;
    set(base == LED_TURN, base == LED_AGAIN);
}
