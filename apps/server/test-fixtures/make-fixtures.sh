#!/usr/bin/env bash
# Regenerates every committed fixture in this folder from files Debian ships.
# Needs (Debian 12): apt-get install -y libreoffice-writer-nogui poppler-utils qpdf img2pdf python3 \
#   shared-mime-info bzip2-doc base-passwd dpkg-dev procps coreutils man-db bsdextrautils apt
# LibreOffice and PDF tools stamp dates and ids into their output, so a rerun gives equivalent,
# not byte-identical, files; the tests check content, not hashes.
# Run from this folder: bash make-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Real multi-page PDFs made by pdfTeX, copied as they are.
cp /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf shared-mime-info-spec.pdf
zcat /usr/share/doc/bzip2/manual.pdf.gz > bzip2-manual.pdf

# 2. A multi-page PDF made by LibreOffice Writer from Debian's "Users and Groups" HTML.
cp /usr/share/doc/base-passwd/users-and-groups.html "$work/users-and-groups.html"
soffice --headless --convert-to pdf --outdir "$work" "$work/users-and-groups.html" >/dev/null
cp "$work/users-and-groups.pdf" users-and-groups.pdf

# 3. A DOCX with headings, a bulleted list, a table, bold and italic, from the same document's
#    sentences and the real /usr/share/base-passwd/passwd.master table.
python3 docx-source.py > "$work/base-passwd.html"
soffice --headless --convert-to 'docx:MS Word 2007 XML' --outdir "$work" "$work/base-passwd.html" >/dev/null
cp "$work/base-passwd.docx" base-passwd.docx

# A licence saved as DOCX from its plain text (one paragraph per line).
cp /usr/share/common-licenses/Apache-2.0 "$work/apache-2.0.txt"
soffice --headless --convert-to 'docx:MS Word 2007 XML' --outdir "$work" "$work/apache-2.0.txt" >/dev/null
cp "$work/apache-2.0.docx" apache-2.0.docx

# 4. Plain text and markdown, as Debian ships them.
cp /usr/share/doc/dpkg/spec/triggers.txt dpkg-triggers.txt
cp /usr/share/doc/procps/bugs.md procps-bugs.md

# 5. An image-only PDF: page 1 of the shared-mime-info spec rendered to a grey PNG, wrapped in a PDF
#    with no text layer.
pdftoppm -f 1 -l 1 -r 150 -gray -png shared-mime-info-spec.pdf "$work/page"
img2pdf --output scanned-page.pdf "$work"/page-*.png

# 5b. German and French scans: the DESCRIPTION of apt-get's German and French manual pages (apt's
#     translations), formatted by man at 72 columns, printed by LibreOffice, rasterised at 150 dpi.
for lang in de fr; do
  zcat "/usr/share/man/$lang/man8/apt-get.8.gz" | MANWIDTH=72 LANG=C.UTF-8 man -l - 2>/dev/null | col -bx |
    awk '/^(BESCHREIBUNG|DESCRIPTION)/{p=1} p' | head -44 > "$work/apt-get-$lang.txt"
  soffice --headless --infilter="Text (encoded):UTF8,LF,Liberation Mono,$lang" --convert-to pdf \
    --outdir "$work" "$work/apt-get-$lang.txt" >/dev/null
  pdftoppm -f 1 -l 1 -r 150 -gray -png "$work/apt-get-$lang.pdf" "$work/page-$lang"
  img2pdf --output "scanned-page-$lang.pdf" "$work/page-$lang"-*.png
done

# 6. Broken and hostile files.
head -c 60000 shared-mime-info-spec.pdf > truncated.pdf
qpdf --encrypt quire-user quire-owner 256 -- \
  users-and-groups.pdf encrypted.pdf
cp /usr/bin/true elf-executable.pdf && chmod 644 elf-executable.pdf
head -c 6000 base-passwd.docx > corrupt.docx
