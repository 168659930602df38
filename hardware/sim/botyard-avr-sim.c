/* botyard-avr-sim: runs the controller firmware in simavr as an ATmega328P at 16 MHz, in
 * step with the wall clock, with its UART on a raw pseudo-terminal, so the real host code
 * can talk to it as it would to a USB serial port.
 *
 *   botyard-avr-sim [--role pilot|tactician|dice|dice2d6] [--uid HHHH] [--eeprom FILE]
 *                   [--speed X] [--trace] firmware.elf
 *
 * First stdout line: `PTY /dev/pts/N`. Then commands on stdin, one per line:
 *   adc CH MILLIVOLTS   voltage on ADC channel CH (0..7)
 *   pin PORT BIT 0|1    drive an input pin, e.g. `pin D 2 0` presses the ready switch
 *   time                answered on stdout with `TIME <simulated microseconds>`
 *   quit                (end of stdin also quits)
 * Pins with the firmware's pull-ups (jumpers PB0..PB2, switches PD2/PD3) start high, but
 * those of the role's jumpers: dice fits PB1, dice2d6 PB1 and PB2 (a tray of two
 * six-sided dice, reading wells 0 and 1 on ADC0 and ADC1).
 *
 * Simulated time counts from the start of the run (MCU resets do not restart it).
 * --speed X runs it X times as fast as the wall clock (default 1), so tests of the
 * firmware's own timing need not wait for it in real time. --trace prints, with the
 * simulated microsecond at which it happened, every line the firmware sends (`TX us
 * line`) and every line the host sends it (`RX us line`), each when its newline crosses
 * the UART, every command applied (`CMD us command`), every reset (`RESET us`) and every
 * change of an LED pin (`LED us green|red 0|1`), so tests can check the firmware's
 * timing in simulated time, which a busy host cannot disturb. A --trace reader must keep
 * reading stdout, or the harness stalls.
 *
 * --eeprom FILE keeps the MCU's EEPROM (the unit id SETID stores, the dial offsets ZERO
 * stores) in FILE: read at start if it exists, written when the harness ends, so a board
 * "unplugged" (harness ended) and "plugged in elsewhere" (a new harness) is still itself.
 * --uid, if given too, overrides the id read from FILE.
 *
 * Like an Uno, whose USB bridge pulses reset when a host opens the port, opening the pty
 * when no other host has it open resets the MCU (opens and closes seen with inotify), then
 * holds it for BOOT_HOLD_MS as the bootloader would, so a host reads the boot HELLO from
 * its first byte. */
#define _XOPEN_SOURCE 600
#define _DEFAULT_SOURCE

#include <avr_adc.h>
#include <avr_eeprom.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define FREQUENCY 16000000u
#define MILLIVOLTS_VCC 5000
/* Longest stretch of simulated time run before the pty and stdin are looked at again. */
#define CHUNK_CYCLES (FREQUENCY / 1000)
/* How far simulated time may trail the wall clock before it gives up catching up. */
#define MAX_LAG_NS 50000000u
#define CYCLES_PER_US (FREQUENCY / 1000000u)
/* Wall-clock pause after a reset before the firmware starts, as an Uno's bootloader waits
 * (a real one waits longer): a host that opened the port has flushed its input well before
 * the boot HELLO, even on a busy machine where its thread may stall for tens of ms. */
#define BOOT_HOLD_MS 250
#define USAGE "usage: botyard-avr-sim [--role pilot|tactician|dice|dice2d6] [--uid HHHH] " \
              "[--eeprom FILE] [--speed X] [--trace] firmware.elf"
#define EEPROM_SIZE 1024 /* the ATmega328P's */
/* The LED pins on port B (hardware/firmware/board.h): green PB5, red PB4. */
#define LED_GREEN_BIT 5
#define LED_RED_BIT 4
/* Longest line the trace repeats; the protocol's are at most 80 bytes. */
#define TRACE_LINE 128

static avr_t *avr;
static int pty_fd;
static int xon = 1;
static FILE *out;
static int tracing;
static double speed = 1.0;
/* Cycles run before the last MCU reset, so simulated time never restarts. */
static avr_cycle_count_t cycles_before_reset;

/* A line being assembled byte by byte for the trace, one per direction. */
typedef struct {
    char text[TRACE_LINE];
    size_t len;
} trace_line_t;

static trace_line_t tx_line, rx_line;

static unsigned char tx_buf[8192];
static size_t tx_len;
static unsigned char rx_buf[1024];
static size_t rx_len;

/* Default level of each port's input pins, as simavr's "external" pin state. */
static avr_ioport_external_t externals[2] = {
    {.name = 'B', .mask = 0x07, .value = 0x07},
    {.name = 'D', .mask = 0x0C, .value = 0x0C},
};

static void die(const char *what)
{
    fprintf(stderr, "botyard-avr-sim: %s\n", what);
    exit(1);
}

static uint64_t sim_us(void)
{
    return (uint64_t)((cycles_before_reset + avr->cycle) / CYCLES_PER_US);
}

/* One line on stdout for the host's test driver, stamped now and flushed at once, so
 * the stamps of successive reports never decrease. */
static void report(const char *kind, const char *text)
{
    fprintf(out, "%s %llu%s%s\n", kind, (unsigned long long)sim_us(), *text ? " " : "", text);
    fflush(out);
}

/* Collects one byte of a line crossing the UART; the whole line goes to the trace when
 * its newline crosses. */
static void trace_byte(trace_line_t *line, const char *kind, unsigned char byte)
{
    if (!tracing)
        return;
    if (byte == '\n') {
        line->text[line->len] = '\0';
        report(kind, line->text);
        line->len = 0;
    } else if (byte != '\r' && line->len < sizeof line->text - 1) {
        line->text[line->len++] = (char)byte;
    }
}

/* param: the LED's name. */
static void led_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    char text[16];
    snprintf(text, sizeof text, "%s %u", (const char *)param, value ? 1u : 0u);
    if (tracing)
        report("LED", text);
}

static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    trace_byte(&tx_line, "TX", (unsigned char)value);
    /* Nobody reading the pty is like an unplugged cable: bytes past the buffer are lost. */
    if (tx_len < sizeof tx_buf)
        tx_buf[tx_len++] = (unsigned char)value;
}

static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    xon = 1;
}

static void uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    xon = 0;
}

static avr_irq_t *uart_irq(int which)
{
    return avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), which);
}

static int set_pin(char port, int bit, int level)
{
    for (size_t i = 0; i < sizeof externals / sizeof externals[0]; i++) {
        avr_ioport_external_t *ext = &externals[i];
        if (ext->name != port)
            continue;
        /* Recorded as the external level too: otherwise simavr re-applies the pull-up
         * whenever the firmware writes the port register. */
        ext->mask |= 1u << bit;
        ext->value = level ? ext->value | (1u << bit) : ext->value & ~(1u << bit);
        avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), ext);
        avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
        /* simavr skips a raise that repeats the IRQ's last value, but after an MCU reset
         * the PIN register is cleared while the IRQ still remembers the old level. */
        irq->value = !level;
        avr_raise_irq(irq, (uint32_t)level);
        return 0;
    }
    return -1;
}

static void apply_externals(void)
{
    for (size_t i = 0; i < sizeof externals / sizeof externals[0]; i++)
        for (int bit = 0; bit < 8; bit++)
            if (externals[i].mask & (1u << bit))
                set_pin((char)externals[i].name, bit, (externals[i].value >> bit) & 1);
}

static void set_role(const char *role)
{
    if (!strcmp(role, "tactician"))
        externals[0].value = 0x06; /* PB0 jumper fitted */
    else if (!strcmp(role, "dice"))
        externals[0].value = 0x05; /* PB1 jumper fitted */
    else if (!strcmp(role, "dice2d6"))
        externals[0].value = 0x01; /* PB1 and the 2d6 jumper on PB2 fitted */
    else if (strcmp(role, "pilot"))
        die("--role must be pilot, tactician, dice or dice2d6");
}

static void set_uid(const char *hex)
{
    char *end;
    unsigned long value = strtoul(hex, &end, 16);
    if (*end || end - hex != 4)
        die("--uid takes 4 hex digits");
    static uint8_t bytes[2];
    bytes[0] = (uint8_t)(value >> 8);
    bytes[1] = (uint8_t)value;
    avr_eeprom_desc_t desc = {.ee = bytes, .offset = 0, .size = 2};
    avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &desc);
}

static const char *eeprom_path;

static void load_eeprom(void)
{
    static uint8_t bytes[EEPROM_SIZE];
    FILE *file = fopen(eeprom_path, "rb");
    if (!file)
        return; /* a new board: erased EEPROM */
    size_t n = fread(bytes, 1, sizeof bytes, file);
    fclose(file);
    avr_eeprom_desc_t desc = {.ee = bytes, .offset = 0, .size = (uint32_t)n};
    avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &desc);
}

/* Written at exit: quit, end of stdin, or a fault. */
static void save_eeprom(void)
{
    static uint8_t bytes[EEPROM_SIZE];
    avr_eeprom_desc_t desc = {.ee = bytes, .offset = 0, .size = sizeof bytes};
    avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &desc);
    FILE *file = fopen(eeprom_path, "wb");
    if (!file || fwrite(desc.ee, 1, sizeof bytes, file) != sizeof bytes)
        fprintf(stderr, "botyard-avr-sim: cannot write %s\n", eeprom_path);
    if (file)
        fclose(file);
}

/* Sleeping costs no host time here: the main loop paces simulated time itself. */
static void no_sleep(avr_t *core, avr_cycle_count_t how_long)
{
    (void)core;
    (void)how_long;
}

static void configure_uart(void)
{
    uint32_t flags = 0; /* no console echo, no sleeping while the firmware polls */
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
}

static const char *open_pty(void)
{
    pty_fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (pty_fd < 0 || grantpt(pty_fd) || unlockpt(pty_fd))
        die("cannot create a pseudo-terminal");
    const char *path = ptsname(pty_fd);
    /* Held open for the whole run: the raw settings stick and the master never sees EIO
     * between one host connection and the next. */
    int slave = open(path, O_RDWR | O_NOCTTY);
    struct termios tio;
    if (slave < 0 || tcgetattr(slave, &tio))
        die("cannot open the pseudo-terminal's slave side");
    cfmakeraw(&tio);
    cfsetispeed(&tio, B115200);
    cfsetospeed(&tio, B115200);
    if (tcsetattr(slave, TCSANOW, &tio))
        die("cannot make the pseudo-terminal raw");
    fcntl(pty_fd, F_SETFL, fcntl(pty_fd, F_GETFL) | O_NONBLOCK);
    return path;
}

static int command(char *line)
{
    char port;
    int channel, millivolts, bit, level;
    if (sscanf(line, "adc %d %d", &channel, &millivolts) == 2 && channel >= 0 && channel < 8) {
        avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + channel),
                      (uint32_t)millivolts);
        if (tracing)
            report("CMD", line);
        return 0;
    }
    if (sscanf(line, "pin %c %d %d", &port, &bit, &level) == 3 && bit >= 0 && bit < 8) {
        if (set_pin(port, bit, level) == 0) {
            if (tracing)
                report("CMD", line);
            return 0;
        }
    }
    if (!strcmp(line, "time")) {
        report("TIME", "");
        return 0;
    }
    if (!strcmp(line, "quit"))
        exit(0);
    fprintf(stderr, "botyard-avr-sim: unknown command: %s\n", line);
    return -1;
}

static void read_commands(void)
{
    static char buf[256];
    static size_t len;
    ssize_t n = read(STDIN_FILENO, buf + len, sizeof buf - 1 - len);
    if (n <= 0)
        exit(0);
    len += (size_t)n;
    char *start = buf, *nl;
    while ((nl = memchr(start, '\n', len - (size_t)(start - buf)))) {
        *nl = '\0';
        command(start);
        start = nl + 1;
    }
    len -= (size_t)(start - buf);
    memmove(buf, start, len);
    if (len == sizeof buf - 1)
        len = 0; /* an endless line: drop it */
}

static void exchange_pty(void)
{
    if (rx_len < sizeof rx_buf) {
        ssize_t n = read(pty_fd, rx_buf + rx_len, sizeof rx_buf - rx_len);
        if (n > 0)
            rx_len += (size_t)n;
    }
    /* Feed the UART only while its input FIFO has room, as a real line has no buffer. */
    size_t fed = 0;
    while (fed < rx_len && xon) {
        trace_byte(&rx_line, "RX", rx_buf[fed]);
        avr_raise_irq(uart_irq(UART_IRQ_INPUT), rx_buf[fed++]);
    }
    rx_len -= fed;
    memmove(rx_buf, rx_buf + fed, rx_len);

    if (tx_len) {
        ssize_t n = write(pty_fd, tx_buf, tx_len);
        if (n < 0 && errno != EAGAIN)
            die("pty write failed");
        /* EAGAIN means the pty is full because nobody reads it: drop what did not fit. */
        tx_len = 0;
    }
}

static uint64_t wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Pacing: simulated cycle base_cycle happens at wall-clock time base_ns, and from then on
 * simulated time runs `speed` times as fast as the wall clock. */
static uint64_t base_ns;
static avr_cycle_count_t base_cycle;

static avr_cycle_count_t wall_to_cycles(uint64_t ns)
{
    return (avr_cycle_count_t)((double)ns * speed * CYCLES_PER_US / 1000.0);
}

static uint64_t cycles_to_wall(avr_cycle_count_t cycles)
{
    return (uint64_t)((double)cycles * 1000.0 / (CYCLES_PER_US * speed));
}

/* Hosts that have the pty open now (the harness's own descriptor is not counted). */
static int host_opens;

/* True when a host opened the pty while no other had it open, since the last call: as a
 * USB serial bridge raises DTR, and so resets an Uno, only on the first open, a second
 * program opening the port (and failing to lock it) must not reset the board. */
static int first_opened(int watch)
{
    char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int first = 0;
    ssize_t n;
    while ((n = read(watch, events, sizeof events)) > 0) {
        for (char *at = events; at < events + n;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            if ((event->mask & IN_OPEN) && host_opens++ == 0)
                first = 1;
            if ((event->mask & IN_CLOSE) && host_opens > 0)
                host_opens--;
            at += sizeof *event + event->len;
        }
    }
    return first;
}

static void reset_board(void)
{
    avr_cycle_count_t before = avr->cycle;
    avr_reset(avr);
    if (avr->cycle < before)
        cycles_before_reset += before - avr->cycle;
    tx_line.len = rx_line.len = 0;
    if (tracing)
        report("RESET", "");
    configure_uart();
    apply_externals();
    xon = 1;
    tx_len = rx_len = 0;
    base_ns = wall_ns() + BOOT_HOLD_MS * 1000000u;
    base_cycle = avr->cycle;
}

/* simavr's default logger prints every notice (such as the ELF sections it loaded)
 * while no MCU exists yet; a host reading our stderr wants only what went wrong. */
static void quiet_logger(avr_t *mcu, const int level, const char *format, va_list args) {
    if (level > LOG_WARNING || (mcu && mcu->log < level))
        return;
    vfprintf(stderr, format, args);
}

int main(int argc, char **argv)
{
    const char *role = "pilot", *uid = NULL, *elf = NULL, *speed_arg = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--role") && i + 1 < argc)
            role = argv[++i];
        else if (!strcmp(argv[i], "--uid") && i + 1 < argc)
            uid = argv[++i];
        else if (!strcmp(argv[i], "--eeprom") && i + 1 < argc)
            eeprom_path = argv[++i];
        else if (!strcmp(argv[i], "--speed") && i + 1 < argc)
            speed_arg = argv[++i];
        else if (!strcmp(argv[i], "--trace"))
            tracing = 1;
        else if (argv[i][0] != '-' && !elf)
            elf = argv[i];
        else
            die(USAGE);
    }
    if (!elf)
        die(USAGE);
    if (speed_arg) {
        char *end;
        speed = strtod(speed_arg, &end);
        if (end == speed_arg || *end || !(speed > 0.0 && speed <= 1000.0))
            die("--speed takes a number above 0 and at most 1000 (1 = the wall clock's pace)");
    }

    /* simavr prints its own notices on stdout; keep stdout for our protocol and send
     * everything else to stderr, warnings and errors only. */
    out = fdopen(dup(STDOUT_FILENO), "w");
    dup2(STDERR_FILENO, STDOUT_FILENO);
    avr_global_logger_set(quiet_logger);

    elf_firmware_t firmware = {0};
    if (elf_read_firmware(elf, &firmware))
        die("cannot read the firmware ELF");
    avr = avr_make_mcu_by_name("atmega328p");
    if (!avr)
        die("this simavr has no atmega328p");
    avr_init(avr);
    firmware.frequency = FREQUENCY;
    avr_load_firmware(avr, &firmware);
    avr->frequency = FREQUENCY;
    avr->vcc = avr->avcc = avr->aref = MILLIVOLTS_VCC;
    avr->log = LOG_ERROR;
    avr->sleep = no_sleep;

    configure_uart();
    avr_irq_register_notify(uart_irq(UART_IRQ_OUTPUT), uart_output, NULL);
    avr_irq_register_notify(uart_irq(UART_IRQ_OUT_XON), uart_xon, NULL);
    avr_irq_register_notify(uart_irq(UART_IRQ_OUT_XOFF), uart_xoff, NULL);

    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), LED_GREEN_BIT),
                            led_changed, (void *)"green");
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), LED_RED_BIT),
                            led_changed, (void *)"red");

    set_role(role);
    apply_externals();
    if (eeprom_path) {
        load_eeprom();
        atexit(save_eeprom);
    }
    if (uid)
        set_uid(uid);

    const char *path = open_pty();
    int watch = inotify_init1(IN_NONBLOCK);
    if (watch < 0 || inotify_add_watch(watch, path, IN_OPEN | IN_CLOSE) < 0)
        die("cannot watch the pseudo-terminal for opens");
    fprintf(out, "PTY %s\n", path);
    fflush(out);

    struct pollfd fds[3] = {{.fd = STDIN_FILENO, .events = POLLIN},
                            {.fd = pty_fd, .events = POLLIN},
                            {.fd = watch, .events = POLLIN}};
    base_ns = wall_ns();
    base_cycle = avr->cycle;
    for (;;) {
        uint64_t now = wall_ns();
        avr_cycle_count_t due = base_cycle;
        if (now > base_ns)
            due += wall_to_cycles(now - base_ns);
        /* A busy host makes simulated time slip instead of racing to catch up, so gaps
         * between lines on the pty are never shorter than in simulated time (divided by
         * the speed). */
        avr_cycle_count_t max_lag = wall_to_cycles(MAX_LAG_NS);
        if (due > avr->cycle + max_lag) {
            base_ns += cycles_to_wall(due - avr->cycle - max_lag);
            due = avr->cycle + max_lag;
        }
        avr_cycle_count_t stop = avr->cycle + CHUNK_CYCLES;
        while (avr->cycle < due && avr->cycle < stop) {
            int state = avr_run(avr);
            if (state == cpu_Done || state == cpu_Crashed)
                die("the firmware stopped");
        }
        exchange_pty();
        if (poll(fds, 3, avr->cycle < due ? 0 : 1) <= 0)
            continue;
        if (fds[0].revents & (POLLIN | POLLHUP))
            read_commands();
        if ((fds[2].revents & POLLIN) && first_opened(watch))
            reset_board();
    }
}
