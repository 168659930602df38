/* Pin map and timing of the Botyard table controller (ATmega328P, Arduino Uno, 16 MHz).
 * Everything that depends on how the board is wired lives here, so a new revision of
 * the controller changes this file only. README.md shows the same map for people. */
#ifndef BOARD_H
#define BOARD_H

#include <avr/io.h>

#define FW_VERSION "1.2"

/* Role jumpers: fitted jumper = pin pulled to ground. With the dice jumper, the 2d6
 * jumper makes the tray one of two six-sided dice instead of five blank-faced ones. */
#define ROLE_PORT PORTB
#define ROLE_PINS PINB
#define ROLE_BIT_TACTICIAN PB0
#define ROLE_BIT_DICE PB1
#define ROLE_BIT_2D6 PB2

/* Ready switch (pilot, tactician) and lid/handling switch (dice): to ground, pull-up. */
#define SWITCH_PORT PORTD
#define SWITCH_PINS PIND
#define READY_BIT PD2
#define LID_BIT PD3

/* LEDs to ground through a resistor: green PB5 (Uno D13, also the on-board "L" LED), red
 * PB4 (D12). Green: your turn (steady), move accepted (three quick blinks); red: flip the
 * switch again (steady), no host for LINK_LOST_MS (slow blink). */
#define LED_PORT PORTB
#define LED_DDR DDRB
#define LED_GREEN_BIT PB5
#define LED_RED_BIT PB4
#define LINK_LOST_MS 3000      /* the host sends a line at least every second */
#define LOST_BLINK_MS 500      /* lost link: red 500 ms on, 500 ms off */
#define OK_BLINK_MS 100        /* accepted: green 100 ms on, 100 ms off ... */
#define OK_BLINKS 3            /* ... three times */

/* Dials and dice wells are resistor ladders read by the ADC against AVcc; how a code
 * becomes a reading (levels, tolerances) is readings.h. */
#define SAMPLE_MS 2            /* one ADC scan of every used channel */
#define DIAL_SAMPLES 5         /* equal consecutive scans before a dial or slot reading is new */
#define SWITCH_SAMPLES 12      /* 12 scans x 2 ms = 24 ms switch debounce */
#define DICE_SETTLE_MS 300     /* a slot reading must hold this long to be stable */
#define HEARTBEAT_MS 1000

#define UART_BAUD 115200UL

/* EEPROM bytes 0..1 hold the 16-bit unit id, high byte first; 0xFFFF = erased. The host
 * sets it with SETID. Bytes 2..3 hold each dial's zero offset (ZERO); 0xFF = erased = 0. */
#define EEPROM_UID_ADDR 0
#define EEPROM_ZERO_ADDR 2
#define DEFAULT_UID_BASE 0xB070u /* + the role: B070 pilot .. B073 two-dice tray */

#endif
