/* Millisecond clock from timer 0; its 1 kHz interrupt also wakes the main loop. */
#ifndef CLOCK_H
#define CLOCK_H

#include <stdint.h>

void clock_init(void);
uint32_t clock_ms(void);

#endif
