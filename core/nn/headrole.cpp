#include "core/nn/headrole.h"

#include "core/nn/headscore.h"

namespace tx {

double HeadRole::threshold(Kind kind)
{
    switch (kind) {
    case Kind::PreviousToken:
    case Kind::FirstToken:
        return 0.5;
    case Kind::Induction:
        return 0.4;
    case Kind::Delimiter:
        return 0.6;
    }
    return 1.0;
}

QString HeadRole::key(Kind kind)
{
    switch (kind) {
    case Kind::PreviousToken:
        return QStringLiteral("previous-token");
    case Kind::Induction:
        return QStringLiteral("induction");
    case Kind::FirstToken:
        return QStringLiteral("first-token");
    case Kind::Delimiter:
        return QStringLiteral("delimiter");
    }
    return {};
}

std::vector<HeadRole> HeadRole::name(const ForwardResult &text, const std::vector<bool> &delimiter,
                                     const ForwardResult &repeated, int repeatStart, int repeatLength)
{
    std::vector<HeadRole> out;
    const std::vector<HeadScore> onText = HeadScore::measure(text);
    std::vector<HeadScore> onRepeat;
    if (repeated.attention.size() == std::size_t(repeated.nLayers) * std::size_t(repeated.nHeads)) {
        for (int l = 0; l < repeated.nLayers; ++l) {
            for (int h = 0; h < repeated.nHeads; ++h) {
                const Mat &p = repeated.attentionAt(l, h);
                auto one = HeadScore::measureLayer(p, l, 1, 1, int(p.rows()), {repeatStart}, {repeatLength});
                HeadScore s = one.empty() ? HeadScore{} : one.front();
                s.head = h;
                onRepeat.push_back(s);
            }
        }
    }
    const int T = int(text.tokens.size());
    for (const HeadScore &s : onText) {
        // Mean attention on delimiter keys over the queries 1..T−1 that can see one (before the
        // first "，" a head has no delimiter to look at, whatever it does).
        double delimiterMass = 0.0;
        if (T > 1 && int(delimiter.size()) == T) {
            const Mat &p = text.attentionAt(s.layer, s.head);
            int queries = 0;
            bool seen = delimiter[0];
            for (int i = 1; i < T; ++i) {
                seen = seen || delimiter[std::size_t(i)];
                if (!seen)
                    continue;
                ++queries;
                for (int j = 0; j <= i; ++j)
                    if (delimiter[std::size_t(j)])
                        delimiterMass += p(i, j);
            }
            delimiterMass = queries > 0 ? delimiterMass / double(queries) : 0.0;
        }
        const std::size_t at = std::size_t(s.layer * text.nHeads + s.head);
        const double induction = s.layer >= 1 && at < onRepeat.size() ? onRepeat[at].induction : 0.0;
        const std::pair<Kind, double> candidates[] = {{Kind::PreviousToken, s.previousToken},
                                                      {Kind::Induction, induction},
                                                      {Kind::FirstToken, s.firstToken},
                                                      {Kind::Delimiter, delimiterMass}};
        const std::pair<Kind, double> *best = nullptr;
        for (const auto &c : candidates)
            if (c.second > threshold(c.first) && (!best || c.second > best->second))
                best = &c;
        if (best)
            out.push_back(HeadRole{s.layer, s.head, best->first, best->second});
    }
    return out;
}

const HeadRole *HeadRole::find(const std::vector<HeadRole> &roles, int layer, int head)
{
    for (const HeadRole &r : roles)
        if (r.layer == layer && r.head == head)
            return &r;
    return nullptr;
}

} // namespace tx
