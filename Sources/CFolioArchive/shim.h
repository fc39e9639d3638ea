// libarchive from the system (Debian's libarchive-dev): comic books read in place,
// entry by entry, from zip, RAR, 7-Zip and tar archives.
// A release folio links libarchive.a and the libraries of the formats it reads
// (FolioComics names them); a debug build links libarchive.so.
#include <archive.h>
#include <archive_entry.h>
