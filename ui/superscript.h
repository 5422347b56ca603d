#pragma once

#include <QString>

namespace tx {

// Turns the "10^23" of NumberFormat into rich text with a real superscript for labels:
// "10<sup>23</sup>", the rest HTML-escaped. (Unicode superscript digits were tried: the CJK
// font lacks ⁰ and ⁴–⁹, so a fallback font mixed glyph sizes within one number.)
class Superscript
{
public:
    static QString html(const QString &text);
};

} // namespace tx
