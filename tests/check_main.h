/* check_main.h: the main() every Check binary shares. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CHECK_MAIN_H
#define URIGREP_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

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
