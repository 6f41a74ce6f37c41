/* The board plugin's stamp (plugin.h). */
#include "plugin.h"

const unsigned long wj_png_abi = WJ_BUILD_STAMP;
