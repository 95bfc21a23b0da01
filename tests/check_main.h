/* check_main.h: the main() every Check binary shares. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CHECK_MAIN_H
#define URIGREP_CHECK_MAIN_H

#include <check.h>
#include <stddef.h>
#include <stdlib.h>

/* The step after K of an exhaustive sweep (every chunk size, every
 * start): K + 1; under valgrind (make check-valgrind sets URIGREP_WRAPPER)
 * K + 1 up to 8, then K + 7.  There a step costs some fifty times what it
 * costs here; make check and the sanitizer build sweep every step, and
 * valgrind's worth, code that reads what it should not, shows on the
 * small steps and on a sample of the rest. */
static inline size_t
check_next(size_t k)
{
    static int vg = -1;

    if (vg < 0) {
        const char *w = getenv("URIGREP_WRAPPER");

        vg = w != NULL && *w != '\0';
    }
    return vg && k >= 8 ? k + 7 : k + 1;
}

/* Run SUITE_FN's suite; exit status 0 when every test passed. */
#define CHECK_MAIN(suite_fn)                                                \
    int main(void)                                                          \
    {                                                                       \
        SRunner *sr = srunner_create(suite_fn());                           \
        int failed;                                                         \
                                                                            \
        srunner_run_all(sr, CK_NORMAL);                                     \
        failed = srunner_ntests_failed(sr);                                 \
        srunner_free(sr);                                                   \
        return failed ? EXIT_FAILURE : EXIT_SUCCESS;                        \
    }

#endif
