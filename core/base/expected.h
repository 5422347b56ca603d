#pragma once

#include <utility>
#include <variant>

namespace tx {

// A value or an error, until the toolchain's std::expected (C++23) can be used.
// Recoverable errors are values in this project: readers return the value or an Error
// naming the file and the field; only ui/ shows message boxes.
template <typename T, typename E>
class Expected
{
public:
    Expected(const T &value) : m_data(std::in_place_index<0>, value) {}
    Expected(T &&value) : m_data(std::in_place_index<0>, std::move(value)) {}
    Expected(const E &error) : m_data(std::in_place_index<1>, error) {}
    Expected(E &&error) : m_data(std::in_place_index<1>, std::move(error)) {}

    bool hasValue() const { return m_data.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const E &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, E> m_data;
};

} // namespace tx
