/* feedfd.c: urigrep_extractor_feed_fd(), a file's bytes read with
 * pread(2) into the extractor's buffer and fed. A caller that maps a
 * file instead is killed by SIGBUS when the file is cut short meanwhile
 * (a log rotated by copy and truncate), unless it installs a handler,
 * which a library must not do behind its program's back (Python's);
 * checking the size before each window does not help, the cut may come
 * between the check and the read. pread() sees the cut as an early end,
 * and the rule of what that means is here, once. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "extract/emit.h"
#include "internal.h"
#include "names.h"

/* Bytes read at a time: small enough to stay in the cache while the
 * scanner reads them again (the copy is then almost free), large enough
 * that the calls cost nothing. */
#define FEEDFD_WINDOW (256 * 1024)

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_feed_fd(urigrep_extractor *x, int fd, uint64_t offset,
                          uint64_t len, uint64_t *fed)
{
    uint64_t done = 0;
    enum urigrep_status rc = URIGREP_OK;

    if (fed)
        *fed = 0;
    if (x == NULL || fd < 0)
        return URIGREP_ERR_ARG;
    if (x->stopped)
        return x->err ? x->err : URIGREP_ERR_STOPPED;
    if (len && x->fdbuf == NULL &&
        (x->fdbuf = malloc(FEEDFD_WINDOW)) == NULL) {
        emit_nomem(x);
        return URIGREP_ERR_NOMEM;
    }
    while (rc == URIGREP_OK && done < len) {
        size_t want = len - done < FEEDFD_WINDOW ? (size_t)(len - done)
                                                 : FEEDFD_WINDOW;
        ssize_t k = pread(fd, x->fdbuf, want, (off_t)(offset + done));

        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            /* the file ends before the size its reader was told of: it
             * shrank (or a page could not be read): what was read is
             * kept, the rest is lost, and that is damage */
            emit_notice(x, URIGREP_NOTICE_READ, 0, offset + done,
                        k == 0 ? SHARED_SHRANK : strerror(errno));
            break;
        }
        done += (uint64_t)k;
        rc = urigrep_extractor_feed(x, x->fdbuf, (size_t)k);
    }
    if (fed)
        *fed = done;
    return rc;
}
