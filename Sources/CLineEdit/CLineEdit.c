#include "CLineEdit.h"
#include <histedit.h>
int cle_version(void) { return LIBEDIT_MAJOR; }
