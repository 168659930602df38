/* Interrupt-driven USART0 with ring buffers both ways, so neither a slow host nor a long
 * line ever holds up input sampling. */
#ifndef UART_H
#define UART_H

#include <stdbool.h>
#include <stdint.h>

void uart_init(void);
/* Queue all of s or nothing; false when the transmit buffer lacks room. */
bool uart_write(const char *s, uint8_t len);
/* Next received byte, or -1 when none is waiting. */
int16_t uart_read(void);
bool uart_rx_pending(void);

#endif
