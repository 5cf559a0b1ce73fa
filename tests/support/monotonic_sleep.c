/* An absolute sleep on the monotonic clock, left untouched under libfaketime.
 *
 * Preloaded before libfaketime for tests/test_clock_daemon.py. libfaketime 0.9.10 (Debian 12)
 * converts the deadline of clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, ...) as if the
 * monotonic clock were faked even when it is told not to fake it (FAKETIME_DONT_FAKE_MONOTONIC):
 * the deadline turns negative and the kernel answers EINVAL, so every time.sleep() of Python
 * 3.11 fails (wolfcw/libfaketime#426, fixed after 0.9.10). The monotonic clock is not faked,
 * so its deadline needs no conversion: it goes to the kernel as it is. Every other clock
 * goes on to libfaketime.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request,
                    struct timespec *remain)
{
    if (clock == CLOCK_MONOTONIC) {
        /* clock_nanosleep returns the error number itself, not -1 */
        return syscall(SYS_clock_nanosleep, clock, flags, request, remain) == -1 ? errno : 0;
    }
    int (*faked)(clockid_t, int, const struct timespec *, struct timespec *) =
        dlsym(RTLD_NEXT, "clock_nanosleep");
    return faked(clock, flags, request, remain);
}
