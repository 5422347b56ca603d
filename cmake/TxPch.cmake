include_guard(GLOBAL)

# Precompiled headers, one per family of targets that are compiled with the same flags and
# definitions. Parsing Qt, the standard library and Eigen was three quarters of a typical
# translation unit's compile time (core/design/designedits.cpp: 3.3 s without, 1.0 s with); the
# suite's ~100 test files each parsed <QtTest> and QtWidgets on their own. The first target of a
# family builds its header (target_precompile_headers) and every later one reuses it (REUSE_FROM),
# so the build compiles four headers rather than one per target.
#
#   core        core/* modules (Qt Core, Eigen, the standard library)
#   ui          ui/* modules, the app, the benches that link the window (adds Widgets and Charts)
#   tests_core  tests/support, tests/core, tests/cli (adds <QtTest> without GUI)
#   tests_ui    tests/ui (<QtTest> with QT_WIDGETS_LIB defined, so its GUI half)
#
# A family's targets must share their compile options and definitions: GCC refuses a header
# built with different ones (-Winvalid-pch, below, says so instead of silently parsing again).
# A file still includes what it uses; -DTX_PCH=OFF builds without (the fuzz build does, so a
# missing #include in core still fails somewhere).
option(TX_PCH "Precompile the common Qt, Eigen and standard headers (faster builds)" ON)

# The lists live in global properties: this file is included once (include_guard), from whichever
# directory first includes TxModule.cmake, and a plain variable would exist only in that scope.
set(TX_PCH_HEADERS_core
  <algorithm> <atomic> <cmath> <cstdint> <functional> <limits> <map> <memory> <optional>
  <string> <utility> <vector>
  <Eigen/Core>
  <QByteArray> <QCoreApplication> <QDir> <QFile> <QFileInfo> <QHash> <QJsonArray>
  <QJsonDocument> <QJsonObject> <QList> <QObject> <QSaveFile> <QString> <QStringList>
  <QTextStream>)
set(TX_PCH_HEADERS_ui ${TX_PCH_HEADERS_core}
  <QApplication> <QComboBox> <QEvent> <QFileDialog> <QGridLayout> <QHBoxLayout> <QHeaderView>
  <QLabel> <QLineEdit> <QMenu> <QMessageBox> <QPainter> <QPushButton> <QSlider> <QSpinBox>
  <QTabWidget> <QTableWidget> <QThread> <QTimer> <QVBoxLayout> <QWidget>
  <QChart> <QLineSeries> <QValueAxis>)
set(TX_PCH_HEADERS_tests_core ${TX_PCH_HEADERS_core} <QtTest>)
set(TX_PCH_HEADERS_tests_ui ${TX_PCH_HEADERS_ui} <QtTest>)
foreach(family core ui tests_core tests_ui)
  set_property(GLOBAL PROPERTY TX_PCH_HEADERS_${family} ${TX_PCH_HEADERS_${family}})
endforeach()

# tx_pch(<target> <family>): gives <target> its family's precompiled header.
function(tx_pch target family)
  if(NOT TX_PCH)
    return()
  endif()
  get_property(headers GLOBAL PROPERTY TX_PCH_HEADERS_${family})
  if(NOT headers)
    message(FATAL_ERROR "tx_pch: no family ${family} (core, ui, tests_core, tests_ui)")
  endif()
  get_property(host GLOBAL PROPERTY TX_PCH_HOST_${family})
  if(host)
    target_precompile_headers(${target} REUSE_FROM ${host})
  else()
    target_precompile_headers(${target} PRIVATE ${headers})
    set_property(GLOBAL PROPERTY TX_PCH_HOST_${family} ${target})
  endif()
  target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Winvalid-pch>)
endfunction()
