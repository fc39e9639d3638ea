// libarchive from the system (libarchive-dev), called directly by the zip target as the
// reference reader the EPUB zip reader is checked against. The root package's own
// CFolioArchive is not a product, so the fuzzer declares the library for itself.
#include <archive.h>
#include <archive_entry.h>
