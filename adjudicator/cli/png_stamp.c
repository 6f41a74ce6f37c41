/* The board plugin's stamp (plugin.h). */
#include "plugin.h"

const unsigned long ww_png_abi = WW_BUILD_STAMP;
