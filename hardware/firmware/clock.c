#include "clock.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

static volatile uint32_t ms;

void clock_init(void)
{
    /* CTC mode, clk/64, 250 counts: 16 MHz / 64 / 250 = 1 kHz. */
    TCCR0A = _BV(WGM01);
    TCCR0B = _BV(CS01) | _BV(CS00);
    OCR0A = 249;
    TIMSK0 = _BV(OCIE0A);
}

uint32_t clock_ms(void)
{
    uint32_t now;
    /* Four-byte read: the ISR must not change it halfway. */
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { now = ms; }
    return now;
}

ISR(TIMER0_COMPA_vect)
{
    ms++;
}
