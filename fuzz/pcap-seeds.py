#! /usr/bin/env python3
"""Seeds for the fuzz targets from a capture of the model's own traffic.

  fuzz/pcap-seeds.py CORPUS PCAP...

tools/fuzz.sh --corpus runs it on the pcaps of build/mptcp-two-hosts (two hosts, ndiffports
subflows, DSS checksums on). tshark (Wireshark's MPTCP dissector) picks the frames that carry
MPTCP and names their subtypes; the bytes are read from the pcap here. One seed per distinct
shape (TCP flags, and kind, length, subtype and DSS flags of each option), written as
CORPUS/<target>/pcap-<capture>-<frame>-<subtypes>:

  * option: each MPTCP option, alone;
  * tcp-header: the TCP segment (header and options), its payload cut to 16 octets;
  * dss-checksum: the subflow's initial receive sequence number (from the capture's SYN), the
    upper half of the DSN, and the whole segment, for segments whose DSS or MP_CAPABLE carries a
    checksum.

Existing pcap-* files of CORPUS are replaced; ser-* files (fuzz/make-corpus.cc) are kept.
"""

import os
import shutil
import struct
import subprocess
import sys

SUBTYPES = {0: "mp_capable", 1: "mp_join", 2: "dss", 3: "add_addr", 4: "remove_addr",
            5: "mp_prio", 6: "mp_fail", 7: "mp_fastclose", 8: "mp_tcprst", 15: "mp_scatter"}
PAYLOAD_CUT = 16


def packets(path):
    """(frame number, IPv4 source, destination, TCP segment) of the TCP/IPv4 frames of a pcap."""
    with open(path, "rb") as f:
        data = f.read()
    magic = data[:4]
    if magic == b"\xd4\xc3\xb2\xa1":
        endian = "<"
    elif magic == b"\xa1\xb2\xc3\xd4":
        endian = ">"
    else:
        raise SystemExit("pcap-seeds: %s is not a pcap file" % path)
    linktype = struct.unpack(endian + "I", data[20:24])[0]
    pos, frame = 24, 0
    while pos + 16 <= len(data):
        incl = struct.unpack(endian + "I", data[pos + 8:pos + 12])[0]
        pkt = data[pos + 16:pos + 16 + incl]
        pos += 16 + incl
        frame += 1
        if linktype == 9:      # PPP (ns-3's point-to-point): protocol 0x0021 is IPv4
            if pkt[:2] != b"\x00\x21":
                continue
            ip = pkt[2:]
        elif linktype == 1:    # Ethernet
            if pkt[12:14] != b"\x08\x00":
                continue
            ip = pkt[14:]
        elif linktype == 101:  # raw IP
            ip = pkt
        else:
            raise SystemExit("pcap-seeds: link type %d of %s is not handled" % (linktype, path))
        if len(ip) < 20 or ip[0] >> 4 != 4 or ip[9] != 6:
            continue
        ihl = (ip[0] & 0x0f) * 4
        total = struct.unpack(">H", ip[2:4])[0]
        yield frame, ip[12:16], ip[16:20], ip[ihl:total]


def options(segment):
    """(offset, bytes) of each option of a TCP segment's header."""
    end = (segment[12] >> 4) * 4
    pos, found = 20, []
    while pos < end:
        kind = segment[pos]
        if kind == 0:
            break
        if kind == 1:
            pos += 1
            continue
        if pos + 1 >= end or segment[pos + 1] < 2:
            break
        length = segment[pos + 1]
        found.append((pos, segment[pos:pos + length]))
        pos += length
    return found


def shape(opt):
    """What distinguishes an option for seeding: kind, length, subtype and DSS flags."""
    if opt[0] != 30 or len(opt) < 3:
        return (opt[0], len(opt))
    subtype = opt[2] >> 4
    return (30, len(opt), subtype, opt[3] & 0x1f if subtype == 2 and len(opt) > 3 else None)


def has_checksum(opt):
    """Whether an MPTCP option carries a DSS checksum (DSS with M and the 2 extra octets, or the
    24-octet MP_CAPABLE)."""
    if opt[0] != 30 or len(opt) < 4:
        return False
    subtype = opt[2] >> 4
    if subtype == 0:
        return len(opt) == 24
    if subtype != 2 or not opt[3] & 0x04:
        return False
    flags = opt[3]
    base = 4 + ((8 if flags & 0x02 else 4) if flags & 0x01 else 0) + (14 if flags & 0x08 else 10)
    return len(opt) == base + 2


def mptcp_frames(path):
    """{frame number: [subtype names]} of the frames Wireshark decodes as MPTCP."""
    if shutil.which("tshark") is None:
        raise SystemExit("pcap-seeds: tshark not found (apt-get install tshark; tools/deps.sh)")
    out = subprocess.run(["tshark", "-r", path, "-Y", "tcp.options.mptcp.subtype", "-T", "fields",
                          "-e", "frame.number", "-e", "tcp.options.mptcp.subtype",
                          "-E", "occurrence=a", "-E", "aggregator=,"],
                         check=True, capture_output=True, text=True).stdout
    frames = {}
    for line in out.splitlines():
        number, _, subtypes = line.partition("\t")
        names = [SUBTYPES.get(int(s, 0), "subtype%s" % s) for s in subtypes.split(",") if s]
        frames[int(number)] = names
    return frames


def main(argv):
    if len(argv) < 3:
        print("usage: pcap-seeds.py CORPUS PCAP...", file=sys.stderr)
        return 2
    corpus, pcaps = argv[1], argv[2:]
    for target in ("option", "tcp-header", "dss-checksum"):
        folder = os.path.join(corpus, target)
        os.makedirs(folder, exist_ok=True)
        for name in os.listdir(folder):
            if name.startswith("pcap-"):
                os.remove(os.path.join(folder, name))
    seen = {"option": set(), "tcp-header": set(), "dss-checksum": set()}
    written = {"option": 0, "tcp-header": 0, "dss-checksum": 0}

    def write(target, key, name, data):
        if key in seen[target]:
            return
        seen[target].add(key)
        with open(os.path.join(corpus, target, name), "wb") as f:
            f.write(data)
        written[target] += 1

    for path in pcaps:
        capture = os.path.splitext(os.path.basename(path))[0].rsplit("-", 1)[-1]
        mptcp = mptcp_frames(path)
        isn = {}   # (source, port, destination, port) -> the ISN of that direction's SYN
        for frame, src, dst, seg in packets(path):
            if len(seg) < 20:
                continue
            sport, dport, seq = struct.unpack(">HHI", seg[:8])
            flags = seg[13]
            if flags & 0x02:
                isn[(src, sport, dst, dport)] = seq
            if frame not in mptcp:
                continue
            opts = options(seg)
            label = "pcap-%s-%d-%s" % (capture, frame, "+".join(mptcp[frame]) or "mptcp")
            header_len = (seg[12] >> 4) * 4
            key = (flags, tuple(shape(o) for _, o in opts))
            write("tcp-header", key, label, seg[:header_len + PAYLOAD_CUT])
            for offset, opt in opts:
                if opt[0] == 30:
                    write("option", shape(opt), "%s-at%d" % (label, offset), opt)
            checked = [o for _, o in opts if has_checksum(o)]
            irs = isn.get((src, sport, dst, dport))
            if checked and irs is not None and len(seg) > header_len:
                dsn_high = 0
                for o in checked:
                    if o[2] >> 4 == 2 and o[3] & 0x08:  # an 8-octet DSN
                        at = 4 + ((8 if o[3] & 0x02 else 4) if o[3] & 0x01 else 0)
                        dsn_high = struct.unpack(">I", o[at:at + 4])[0]
                prefix = struct.pack(">II", irs, dsn_high)
                write("dss-checksum", key, label, prefix + seg)
    print("pcap-seeds: %s" % ", ".join("%d %s" % (written[t], t) for t in written))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
