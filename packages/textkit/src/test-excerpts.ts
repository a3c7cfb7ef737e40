// Excerpts of real text for tests: curl(1) as `man` renders it (curl 7.88, Debian 12) and the head of
// tar's Debian changelog (/usr/share/doc/tar/changelog.Debian.gz). Quoted as shipped.

export const CURL_MANUAL = `
curl(1)                                    curl Manual                                    curl(1)

NAME
       curl - transfer a URL

SYNOPSIS
       curl [options / URLs]

DESCRIPTION
       curl is a tool for transferring data from or to a server. It supports these protocols:
       DICT, FILE, FTP, FTPS, GOPHER, GOPHERS, HTTP, HTTPS, IMAP, IMAPS, LDAP, LDAPS, MQTT, POP3,
       POP3S, RTMP, RTMPS, RTSP, SCP, SFTP, SMB, SMBS, SMTP, SMTPS, TELNET, TFTP, WS and WSS. The
       command is designed to work without user interaction.

       curl offers a busload of useful tricks like proxy support, user authentication, FTP
       upload, HTTP post, SSL connections, cookies, file transfer resume and more. As you will
       see below, the number of features will make your head spin.

       curl is powered by libcurl for all transfer-related features. See libcurl(3) for details.

URL
       The URL syntax is protocol-dependent. You find a detailed description in RFC 3986.

       You can specify multiple URLs or parts of URLs by writing part sets within braces and
       quoting the URL as in:

         "http://site.{one,two,three}.com"

       or you can get sequences of alphanumeric series by using [] as in:

`;

export const TAR_CHANGELOG = `
tar (1.34+dfsg-1.2+deb12u1) bookworm; urgency=medium

  * Non-maintainer upload.
  * Fix boundary checking in base-256 decoder (CVE-2022-48303)
  * Fix handling of extended header prefixes (CVE-2023-39804)
    (Closes: #1058079)

 -- Salvatore Bonaccorso <carnil@debian.org>  Sat, 20 Jan 2024 10:27:07 +0100

tar (1.34+dfsg-1.2) unstable; urgency=medium

  * Non-maintainer upload.
  * Build with lfs and -D_TIME_BITS=64 on 32 bits archs (Closes: #1026204)
    Thanks to Andreas Henriksson and Helge Deller

 -- Paul Gevers <elbrus@debian.org>  Thu, 06 Apr 2023 16:25:47 +0200

tar (1.34+dfsg-1.1) unstable; urgency=medium

  * Non-maintainer upload

  [ Mechtilde ]
  * [730f266] Improved d/copyright with patch 
    from Bastian Germann <bage@debian.org> (Closes:  #1024084)
`;
