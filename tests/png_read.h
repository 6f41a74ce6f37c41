/* A PNG in memory read back by cairo, as a mail reader would: the tests
 * that check the bytes a board or the palette encoder wrote. */
#ifndef PNG_READ_H
#define PNG_READ_H

#include <stddef.h>
#include <string.h>
#include <cairo.h>

struct png_reader {
	const unsigned char *p;
	size_t len, at;
};

static inline cairo_status_t png_read_mem(void *closure, unsigned char *data, unsigned int len)
{
	struct png_reader *r = closure;
	if (r->len - r->at < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->p + r->at, len);
	r->at += len;
	return CAIRO_STATUS_SUCCESS;
}

/* The picture, or one in an error state (cairo_surface_status). */
static inline cairo_surface_t *png_read(const void *bytes, size_t len)
{
	struct png_reader r = { bytes, len, 0 };
	return cairo_image_surface_create_from_png_stream(png_read_mem, &r);
}

#endif
