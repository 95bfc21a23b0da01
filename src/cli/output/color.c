/* color.c: --color: when to colour, and the colours of each field. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* One capability of GREP_COLORS and where it goes; keep in sync with
 * the list in urigrep.1 (ENVIRONMENT). */
struct cap {
    const char *name;
    size_t off;
    const char *dflt;           /* grep's defaults; "iv" is ours */
};

static const struct cap caps[] = {
    { "mt", offsetof(struct output_colors, uri), "01;31" },
    { "ms", offsetof(struct output_colors, uri), "01;31" },
    { "iv", offsetof(struct output_colors, invalid), "01;33" },
    { "fn", offsetof(struct output_colors, file), "35" },
    { "ln", offsetof(struct output_colors, line), "32" },
    { "bn", offsetof(struct output_colors, byte), "32" },
    { "se", offsetof(struct output_colors, sep), "36" },
};

/* Set capabilities from SPEC, "name=SGR:name=SGR..." as GREP_COLORS has
 * it. An SGR with anything but digits and ';', or too long, is ignored,
 * and so are names we do not know (grep's "sl", "cx", "rv", "ne"). */
static void
parse(struct output_colors *c, const char *spec)
{
    while (spec && *spec) {
        size_t len = strcspn(spec, ":"), i;
        const char *eq = memchr(spec, '=', len);

        for (i = 0; eq && i < sizeof caps / sizeof caps[0]; i++) {
            size_t vlen = len - (size_t)(eq + 1 - spec);

            if ((size_t)(eq - spec) == strlen(caps[i].name) &&
                strncmp(spec, caps[i].name, (size_t)(eq - spec)) == 0 &&
                vlen < sizeof c->uri &&
                strspn(eq + 1, "0123456789;") >= vlen) {
                char *dst = (char *)c + caps[i].off;

                memcpy(dst, eq + 1, vlen);
                dst[vlen] = '\0';
            }
        }
        spec += len;
        if (*spec)
            spec++;
    }
}

bool
color_wanted(enum color_mode mode)
{
    const char *term = getenv("TERM");

    if (mode != COLOR_AUTO)
        return mode == COLOR_ALWAYS;
    return isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb");
}

void
color_setup(struct output_colors *c)
{
    size_t i;

    for (i = 0; i < sizeof caps / sizeof caps[0]; i++)
        strcpy((char *)c + caps[i].off, caps[i].dflt);
    parse(c, getenv("GREP_COLORS"));
    parse(c, getenv("URIGREP_COLORS"));
}
