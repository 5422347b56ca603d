include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/TxPch.cmake)

# tx_add_module(<folder> [DEPENDS <folder>...] [LIBS <target>...])
#   One folder = one static library (qBittorrent style): core/nn -> tx_core_nn, ui/lab -> tx_ui_lab.
#   DEPENDS names the modules this one may include; they are linked PUBLIC, and the
#   dependency-rule test (tests/tst_dependencies.cpp) reads the same list, so an #include of a
#   module not listed here fails the build with the file and the line.
#   Headers are included by their path from the repository root: #include "core/nn/transformer.h".
#   core/, ui/ and tests/support modules get their family's precompiled header (TxPch.cmake).
function(tx_add_module folder)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "DEPENDS;LIBS")
  string(REPLACE "/" "_" target "tx_${folder}")
  file(GLOB sources CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/${folder}/*.cpp
    ${PROJECT_SOURCE_DIR}/${folder}/*.h)
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${target} PUBLIC tx_settings ${arg_LIBS})
  foreach(dep ${arg_DEPENDS})
    string(REPLACE "/" "_" dep_target "tx_${dep}")
    target_link_libraries(${target} PUBLIC ${dep_target})
  endforeach()
  if(folder MATCHES "^core/")
    tx_pch(${target} core)
  elseif(folder MATCHES "^ui/")
    tx_pch(${target} ui)
  elseif(folder STREQUAL "tests/support")
    tx_pch(${target} tests_core)
  endif()
  set_property(GLOBAL APPEND PROPERTY TX_MODULES ${folder})
  set_property(GLOBAL PROPERTY TX_MODULE_DEPENDS_${target} ${arg_DEPENDS})
  set(TX_MODULE_TARGET ${target} PARENT_SCOPE)
endfunction()

# "core/nn=core/base,core/design;ui/lab=…": every module and the modules it declared, for the
# dependency-rule test.
function(tx_module_table out)
  get_property(modules GLOBAL PROPERTY TX_MODULES)
  set(table)
  foreach(m ${modules})
    string(REPLACE "/" "_" target "tx_${m}")
    get_property(deps GLOBAL PROPERTY TX_MODULE_DEPENDS_${target})
    string(REPLACE ";" "," deps "${deps}")
    list(APPEND table "${m}=${deps}")
  endforeach()
  string(REPLACE ";" "|" table "${table}")
  set(${out} "${table}" PARENT_SCOPE)
endfunction()
