/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup mptcp
 * Writes the serializer half of the fuzz targets' seed corpus (tools/fuzz.sh --corpus):
 * options, segments and option spaces built by the model's own serializer
 * (SerializeMpTcpOption, TcpOptionMpTcp) and ns-3's TcpHeader, as the model sends them. Every
 * file is named ser-<what>; the pcap half (fuzz/pcap-seeds.py) is named pcap-<...>.
 *
 *   make-corpus DIR      writes DIR/<target>/ for every target (mptcp-fuzz-targets.h)
 *
 * Every seed is checked with its target's check (test/mptcp-fuzz-targets.h) before it is
 * written: a seed that fails stops the program with status 1.
 */

#include "../test/mptcp-fuzz-targets.h"

#include "ns3/tcp-option-sack-permitted.h"
#include "ns3/tcp-option-sack.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-option-winscale.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;
using Bytes = std::vector<uint8_t>;

namespace
{

std::string g_dir;   //!< the corpus directory
int g_written = 0;   //!< files written
bool g_failed = false; //!< a seed failed its check

/// Write one seed after checking it with its target's check.
void
Write(const std::string& target, const std::string& name, const Bytes& b)
{
    for (const auto& t : mptcpfuzz::Targets())
    {
        if (target == t.name)
        {
            std::string failure = t.check(b.data(), b.size());
            if (!failure.empty())
            {
                std::cerr << "make-corpus: seed " << target << "/ser-" << name
                          << " fails its check: " << failure << std::endl;
                g_failed = true;
                return;
            }
        }
    }
    std::string path = g_dir + "/" + target + "/ser-" + name;
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(b.data()), b.size());
    if (!f)
    {
        std::cerr << "make-corpus: cannot write " << path << std::endl;
        std::exit(1);
    }
    ++g_written;
}

Ptr<TcpOptionMpTcp>
Carrier(const MpTcpOption& o)
{
    Ptr<TcpOptionMpTcp> c = CreateObject<TcpOptionMpTcp>();
    c->SetOption(o);
    return c;
}

Ptr<TcpOptionTS>
Timestamp()
{
    Ptr<TcpOptionTS> ts = CreateObject<TcpOptionTS>();
    ts->SetTimestamp(1234567);
    ts->SetEcho(7654321);
    return ts;
}

/// The options ns-3's TcpSocketBase puts on a SYN (window scale, SACK permitted, timestamp).
void
AddSynOptions(TcpHeader& h)
{
    Ptr<TcpOptionWinScale> ws = CreateObject<TcpOptionWinScale>();
    ws->SetScale(7);
    h.AppendOption(ws);
    h.AppendOption(CreateObject<TcpOptionSackPermitted>());
    h.AppendOption(Timestamp());
}

/// A segment's bytes: header (ports 49153 -> 5000, \p seq, ACK 1000, \p flags) and payload.
Bytes
Segment(TcpHeader h, uint8_t flags, uint32_t seq, const Bytes& payload)
{
    h.SetSourcePort(49153);
    h.SetDestinationPort(5000);
    h.SetSequenceNumber(SequenceNumber32(seq));
    h.SetAckNumber(SequenceNumber32(1000));
    h.SetFlags(flags);
    h.SetWindowSize(65535);
    Ptr<Packet> p = Create<Packet>(payload.data(), payload.size());
    p->AddHeader(h);
    Bytes b(p->GetSize());
    p->CopyData(b.data(), b.size());
    return b;
}

/// The option space of a header (the octets after the first 20).
Bytes
OptionSpace(const TcpHeader& h)
{
    Bytes seg = Segment(h, TcpHeader::ACK, 1, {});
    return Bytes(seg.begin() + 20, seg.end());
}

Bytes
Pattern(size_t n, uint8_t seed)
{
    Bytes b(n);
    for (size_t i = 0; i < n; ++i)
    {
        b[i] = uint8_t(seed + 31 * i);
    }
    return b;
}

Bytes
Be(uint64_t v, int octets)
{
    Bytes b;
    for (int s = 8 * (octets - 1); s >= 0; s -= 8)
    {
        b.push_back(uint8_t(v >> s));
    }
    return b;
}

Bytes
Cat(Bytes a, const Bytes& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

const uint64_t KEY_A = 0x1122334455667788ULL; //!< client's key
const uint64_t KEY_B = 0x99aabbccddeeff00ULL; //!< server's key

MpCapableOption
Capable(uint8_t nKeys, bool dataLength, bool checksum, uint8_t flags)
{
    MpCapableOption c;
    c.flags = flags;
    c.nKeys = nKeys;
    c.senderKey = nKeys == 1 ? KEY_B : KEY_A;
    c.receiverKey = KEY_B;
    c.hasDataLength = dataLength;
    c.dataLength = 16;
    c.hasChecksum = checksum;
    c.checksum = 0xbeef;
    return c;
}

DssOption
Dss(int ack, int map, bool checksum, bool fin)
{
    DssOption d;
    d.hasDataAck = ack > 0;
    d.dataAck64 = ack == 8;
    d.dataAck = 0x0102030405060708ULL;
    d.hasMapping = map > 0;
    d.dsn64 = map == 8;
    d.dsn = 0x1112131415161718ULL;
    d.ssn = 1;
    d.dataLength = 16;
    d.hasChecksum = map > 0 && checksum;
    d.checksum = 0x5a5a;
    d.dataFin = fin;
    return d;
}

void
OptionSeeds()
{
    const std::string t = "option";
    Write(t, "mp-capable-syn", SerializeMpTcpOption(Capable(0, false, false, 0x01)));
    Write(t, "mp-capable-syn-checksum", SerializeMpTcpOption(Capable(0, false, false, 0x81)));
    Write(t, "mp-capable-synack", SerializeMpTcpOption(Capable(1, false, false, 0x01)));
    Write(t, "mp-capable-ack", SerializeMpTcpOption(Capable(2, false, false, 0x01)));
    Write(t, "mp-capable-data", SerializeMpTcpOption(Capable(2, true, false, 0x01)));
    Write(t, "mp-capable-data-checksum", SerializeMpTcpOption(Capable(2, true, true, 0x81)));
    MpCapableOption v0 = Capable(0, false, false, 0x01);
    v0.version = 0; // RFC 6824's version 0: BAD_VERSION
    Write(t, "mp-capable-version0", SerializeMpTcpOption(v0));
    Write(t, "mp-join-syn", SerializeMpTcpOption(MpJoinSynOption{false, 1, 0xdeadbeef, 42}));
    Write(t, "mp-join-syn-backup", SerializeMpTcpOption(MpJoinSynOption{true, 2, 0xdeadbeef, 42}));
    const uint64_t synAckHmac = MpTcpCrypto::TruncatedJoinHmac(KEY_B, KEY_A, 7, 42);
    Write(t, "mp-join-synack", SerializeMpTcpOption(MpJoinSynAckOption{false, 3, synAckHmac, 7}));
    MpJoinAckOption ja;
    auto hmac = MpTcpCrypto::JoinHmac(KEY_A, KEY_B, 42, 7);
    std::copy(hmac.begin(), hmac.begin() + 20, ja.hmac.begin());
    Write(t, "mp-join-ack", SerializeMpTcpOption(ja));
    for (int ack : {0, 4, 8})
    {
        for (int map : {0, 4, 8})
        {
            for (bool checksum : {false, true})
            {
                if (checksum && map == 0)
                {
                    continue;
                }
                for (bool fin : {false, true})
                {
                    std::string name = "dss-a" + std::to_string(ack) + "-m" + std::to_string(map) +
                                       (checksum ? "-checksum" : "") + (fin ? "-fin" : "");
                    Write(t, name, SerializeMpTcpOption(Dss(ack, map, checksum, fin)));
                }
            }
        }
    }
    for (bool echo : {false, true})
    {
        for (bool v6 : {false, true})
        {
            for (bool port : {false, true})
            {
                AddAddrOption a;
                a.echo = echo;
                a.addressId = 5;
                if (v6)
                {
                    a.SetIpv6(Ipv6Address("2001:db8::7"));
                }
                else
                {
                    a.SetIpv4(Ipv4Address("10.0.1.2"));
                }
                a.hasPort = port;
                a.port = 5001;
                a.truncatedHmac = MpTcpAddAddrHmac(a, KEY_A, KEY_B);
                Write(t,
                      std::string("add-addr") + (echo ? "-echo" : "") + (v6 ? "-v6" : "-v4") +
                          (port ? "-port" : ""),
                      SerializeMpTcpOption(a));
            }
        }
    }
    for (size_t n : {size_t(1), size_t(3), RemoveAddrOption::MAX_IDS})
    {
        RemoveAddrOption r;
        r.addressIds = Pattern(n, 1);
        Write(t, "remove-addr-" + std::to_string(n), SerializeMpTcpOption(r));
    }
    Write(t, "mp-prio", SerializeMpTcpOption(MpPrioOption{false}));
    Write(t, "mp-prio-backup", SerializeMpTcpOption(MpPrioOption{true}));
    Write(t, "mp-fail", SerializeMpTcpOption(MpFailOption{0x1112131415161718ULL}));
    Write(t, "mp-fastclose", SerializeMpTcpOption(MpFastCloseOption{KEY_B}));
    Write(t,
          "mp-tcprst",
          SerializeMpTcpOption(
              MpTcpRstOption{false, false, false, false, MpTcpRstReason::UNSPECIFIED}));
    Write(t,
          "mp-tcprst-transient-middlebox",
          SerializeMpTcpOption(
              MpTcpRstOption{false, false, false, true, MpTcpRstReason::MIDDLEBOX_INTERFERENCE}));
    Write(t,
          "mp-tcprst-uvw-unassigned",
          SerializeMpTcpOption(MpTcpRstOption{true, true, true, false, MpTcpRstReason(0x42)}));
    Write(t, "mp-scatter-syn", SerializeMpTcpOption(MpScatterOption{0}));
    Write(t, "mp-scatter", SerializeMpTcpOption(MpScatterOption{0xcafef00d}));
}

void
TcpHeaderSeeds()
{
    const std::string t = "tcp-header";
    const Bytes payload = Pattern(16, 3);
    {
        TcpHeader h;
        AddSynOptions(h);
        h.AppendOption(Carrier(Capable(0, false, false, 0x01)));
        Write(t, "syn-mp-capable", Segment(h, TcpHeader::SYN, 0, {}));
    }
    {
        TcpHeader h;
        AddSynOptions(h);
        h.AppendOption(Carrier(Capable(1, false, false, 0x81)));
        Write(t, "synack-mp-capable", Segment(h, TcpHeader::SYN | TcpHeader::ACK, 0, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(Capable(2, false, false, 0x01)));
        Write(t, "ack-mp-capable", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(Capable(2, true, true, 0x81)));
        Write(t, "data-mp-capable", Segment(h, TcpHeader::ACK | TcpHeader::PSH, 1, payload));
    }
    {
        TcpHeader h;
        AddSynOptions(h);
        h.AppendOption(Carrier(MpJoinSynOption{false, 1, MpTcpCrypto::Token(KEY_B), 42}));
        Write(t, "syn-mp-join", Segment(h, TcpHeader::SYN, 0, {}));
    }
    {
        TcpHeader h;
        AddSynOptions(h);
        h.AppendOption(Carrier(MpJoinSynAckOption{true, 0, 0x0102030405060708ULL, 7}));
        Write(t, "synack-mp-join", Segment(h, TcpHeader::SYN | TcpHeader::ACK, 0, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        MpJoinAckOption ja;
        ja.hmac.fill(0xab);
        h.AppendOption(Carrier(ja));
        Write(t, "ack-mp-join", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(Dss(8, 8, false, false)));
        Write(t, "data-dss", Segment(h, TcpHeader::ACK, 1, payload));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(Dss(4, 4, true, false)));
        Write(t, "data-dss-checksum", Segment(h, TcpHeader::ACK, 1, payload));
    }
    {
        TcpHeader h;
        h.AppendOption(Carrier(Dss(8, 0, false, false)));
        Ptr<TcpOptionSack> sack = CreateObject<TcpOptionSack>();
        sack->AddSackBlock({SequenceNumber32(100), SequenceNumber32(200)});
        sack->AddSackBlock({SequenceNumber32(300), SequenceNumber32(400)});
        h.AppendOption(sack);
        Write(t, "ack-dss-sack", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(Dss(8, 8, false, true)));
        Write(t, "fin-dss-data-fin", Segment(h, TcpHeader::ACK | TcpHeader::FIN, 17, {}));
    }
    {
        TcpHeader h;
        AddAddrOption a;
        a.addressId = 1;
        a.SetIpv4(Ipv4Address("10.1.0.2"));
        a.truncatedHmac = MpTcpAddAddrHmac(a, KEY_A, KEY_B);
        h.AppendOption(Carrier(Dss(4, 0, false, false)));
        h.AppendOption(Carrier(a));
        Write(t, "ack-add-addr", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        RemoveAddrOption r;
        r.addressIds = {1, 2};
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(r));
        h.AppendOption(Carrier(MpPrioOption{true}));
        Write(t, "ack-remove-addr-mp-prio", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Carrier(MpFailOption{0x1112131415161718ULL}));
        h.AppendOption(Carrier(Dss(8, 0, false, false)));
        Write(t, "ack-mp-fail", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Carrier(MpFastCloseOption{KEY_B}));
        Write(t, "ack-mp-fastclose", Segment(h, TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(
            Carrier(MpTcpRstOption{false, false, false, true, MpTcpRstReason::MPTCP_SPECIFIC}));
        Write(t, "rst-mp-tcprst", Segment(h, TcpHeader::RST | TcpHeader::ACK, 1, {}));
    }
    {
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(MpScatterOption{0xcafef00d}));
        h.AppendOption(Carrier(Dss(4, 4, true, false)));
        Write(t, "data-mp-scatter", Segment(h, TcpHeader::ACK, 1, payload));
    }
    {
        TcpHeader h; // a malformed MPTCP option, as the tests' middlebox injects one
        Ptr<TcpOptionMpTcp> bad = CreateObject<TcpOptionMpTcp>();
        bad->SetBytes({30, 4, 0xf0, 0x00});
        h.AppendOption(Timestamp());
        h.AppendOption(bad);
        Write(t, "data-malformed-mptcp", Segment(h, TcpHeader::ACK, 1, payload));
    }
}

/// A dss-checksum input: IRS, upper half of the DSN, segment.
Bytes
ChecksumInput(uint32_t irs, uint64_t dsn, const Bytes& segment)
{
    return Cat(Cat(Be(irs, 4), Be(dsn >> 32, 4)), segment);
}

void
DssChecksumSeeds()
{
    const std::string t = "dss-checksum";
    const uint32_t irs = 1000;
    for (size_t n : {size_t(1), size_t(15), size_t(100)})
    {
        for (int dsnOctets : {4, 8})
        {
            const uint64_t dsn = 0x0000000112345678ULL + n;
            const uint32_t ssn = 1 + uint32_t(n);
            Bytes payload = Pattern(n, uint8_t(n));
            DssOption d = Dss(8, dsnOctets, true, false);
            d.dsn = dsn;
            d.ssn = ssn;
            d.dataLength = uint16_t(n);
            d.checksum = MpTcpDssChecksum(dsn, ssn, d.dataLength, payload.data(), n);
            TcpHeader h;
            h.AppendOption(Timestamp());
            h.AppendOption(Carrier(d));
            Write(t,
                  "dss-m" + std::to_string(dsnOctets) + "-" + std::to_string(n),
                  ChecksumInput(irs, dsn, Segment(h, TcpHeader::ACK, irs + ssn, payload)));
        }
    }
    {
        // DATA_FIN on the last data: the mapping's length counts the DATA_FIN's octet.
        Bytes payload = Pattern(10, 9);
        DssOption d = Dss(8, 8, true, true);
        d.dsn = 0x0102030405060708ULL;
        d.ssn = 21;
        d.dataLength = 11;
        d.checksum = MpTcpDssChecksum(d.dsn, d.ssn, d.dataLength, payload.data(), payload.size());
        TcpHeader h;
        h.AppendOption(Carrier(d));
        Write(t,
              "dss-data-fin",
              ChecksumInput(irs, d.dsn, Segment(h, TcpHeader::ACK, irs + 21, payload)));
    }
    {
        // The first data: MP_CAPABLE's implicit mapping (DSN = IDSN + 1 at SSN 1).
        Bytes payload = Pattern(16, 1);
        MpCapableOption c = Capable(2, true, true, 0x81);
        c.checksum = MpTcpDssChecksum(MpTcpCrypto::Idsn(KEY_A) + 1, 1, 16, payload.data(), 16);
        TcpHeader h;
        h.AppendOption(Carrier(c));
        Write(t,
              "mp-capable-data",
              ChecksumInput(irs, 0, Segment(h, TcpHeader::ACK, irs + 1, payload)));
    }
    {
        // A wrong checksum, a mapping longer than the segment, a mapping without a checksum.
        Bytes payload = Pattern(20, 5);
        DssOption d = Dss(0, 8, true, false);
        d.ssn = 1;
        d.dataLength = 20;
        d.checksum = uint16_t(~MpTcpDssChecksum(d.dsn, 1, 20, payload.data(), 20));
        TcpHeader h;
        h.AppendOption(Carrier(d));
        Write(t,
              "dss-wrong",
              ChecksumInput(irs, d.dsn, Segment(h, TcpHeader::ACK, irs + 1, payload)));
        d.dataLength = 40;
        TcpHeader h2;
        h2.AppendOption(Carrier(d));
        Write(t,
              "dss-spread",
              ChecksumInput(irs, d.dsn, Segment(h2, TcpHeader::ACK, irs + 1, payload)));
        d.dataLength = 20;
        d.hasChecksum = false;
        TcpHeader h3;
        h3.AppendOption(Carrier(d));
        Write(t,
              "dss-no-checksum",
              ChecksumInput(irs, d.dsn, Segment(h3, TcpHeader::ACK, irs + 1, payload)));
    }
}

void
ScatterSeeds()
{
    const std::string t = "scatter";
    Write(t, "mp-scatter", SerializeMpTcpOption(MpScatterOption{0xcafef00d}));
    {
        // MpTcpScatterTxHook on a SYN: MP_CAPABLE, then MP_SCATTER with token 0.
        TcpHeader h;
        AddSynOptions(h);
        h.AppendOption(Carrier(Capable(0, false, false, 0x01)));
        h.AppendOption(Carrier(MpScatterOption{0}));
        Write(t, "syn-mp-scatter", OptionSpace(h));
    }
    {
        // On data: the byte budget TS + DSS (4-octet, checksum) + MP_SCATTER = 38.
        TcpHeader h;
        h.AppendOption(Timestamp());
        h.AppendOption(Carrier(Dss(4, 4, true, false)));
        h.AppendOption(Carrier(MpScatterOption{0xcafef00d}));
        Write(t, "data-ts-dss-mp-scatter", OptionSpace(h));
    }
    {
        TcpHeader h;
        h.AppendOption(Carrier(Dss(8, 8, false, false)));
        h.AppendOption(Carrier(MpScatterOption{0x01020304}));
        Write(t, "data-dss-mp-scatter", OptionSpace(h));
    }
    {
        TcpHeader h; // a malformed MP_SCATTER (length 4): the hook drops the segment
        Ptr<TcpOptionMpTcp> bad = CreateObject<TcpOptionMpTcp>();
        bad->SetBytes({30, 4, 0xf0, 0x00});
        h.AppendOption(Timestamp());
        h.AppendOption(bad);
        Write(t, "malformed-mp-scatter", OptionSpace(h));
    }
}

void
SdnMessageSeeds()
{
    const std::string t = "sdn-message";
    SdnServerMessage::FiveTuple tuple;
    tuple.source = Ipv4Address("10.0.1.2");
    tuple.destination = Ipv4Address("10.2.0.3");
    tuple.sourcePort = 49153;
    tuple.destinationPort = 5000;
    tuple.protocol = 6;
    const std::vector<std::pair<std::string, uint8_t>> types = {
        {"demand", SdnServerMessage::DEMAND},
        {"path-add-request", SdnServerMessage::PATH_ADD_REQUEST},
        {"path-add-answer", SdnServerMessage::PATH_ADD_ANSWER},
        {"user", SdnServerMessage::USER + 1}};
    for (const auto& [name, type] : types)
    {
        SdnServerMessage m;
        m.SetType(type);
        m.SetSequence(17);
        m.SetFlowId(MpTcpCrypto::Token(KEY_A));
        m.SetFiveTuple(tuple);
        m.SetValue(type == SdnServerMessage::PATH_ADD_ANSWER ? 2 : 40000000);
        m.SetSecondValue(25000000);
        m.SetHostIndex(type == SdnServerMessage::DEMAND ? SdnServerMessage::kNoHost : 3);
        Ptr<Packet> p = m.ToPacket();
        Bytes b(p->GetSize());
        p->CopyData(b.data(), b.size());
        Write(t, name, b);
    }
}

} // namespace

/**
 * \brief Writes the seeds.
 * \param argc 2
 * \param argv the program and the corpus directory
 * \return 0, or 1 if a seed failed its check or could not be written
 */
int
main(int argc, char** argv)
{
    if (argc != 2)
    {
        std::cerr << "usage: make-corpus DIR" << std::endl;
        return 2;
    }
    g_dir = argv[1];
    OptionSeeds();
    TcpHeaderSeeds();
    DssChecksumSeeds();
    ScatterSeeds();
    SdnMessageSeeds();
    std::cout << "make-corpus: " << g_written << " seeds written to " << g_dir << std::endl;
    return g_failed ? 1 : 0;
}
