/* The board plugin's stamp (plugin.h): part of wwjudge-png.so, whose
 * boards are both games', so it is made where both games are seen. */
#include "plugin.h"

const unsigned long ww_png_abi = WW_PLUGIN_ABI;
