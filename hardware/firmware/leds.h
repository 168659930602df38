/* The board's two LEDs: what the host asks them to show (LED,show=...) and, when the host
 * has said nothing for LINK_LOST_MS, a slow red blink for a lost link that the board
 * decides by itself (a host that is gone cannot say so). */
#ifndef LEDS_H
#define LEDS_H

#include "proto.h"

#include <stdint.h>

void leds_init(void);
/* A valid host line arrived: the link is alive. */
void leds_host_heard(uint32_t now_ms);
/* The host's request: a base pattern, or the accepted flash over the current base. A
 * base pattern already in effect is kept as it is (the host repeats it every second). */
void leds_show(led_show_t show, uint32_t now_ms);
/* Drives the pins for the time now; call often (every pass of the main loop). */
void leds_update(uint32_t now_ms);

#endif
