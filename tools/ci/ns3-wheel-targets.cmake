# IMPORTED targets for the ns-3 libraries of an unpacked PyPI `ns3` wheel (ns3==3.44.post0).
#
# Included by CMakeLists.txt when -DMPTCP_NS3_WHEEL=<dir> is given, where <dir> is the wheel's
# ns3/ package folder (it holds include/ns3/*.h and lib64/libns3.44-<module>.so). The wheel's own
# CMake package and .pc files hard-code paths of the machine that built it, so they are not used.
#
# In:  MPTCP_NS3_WHEEL, MPTCP_NS3_DEPENDENCIES (ns-3 module names, e.g. "internet;core").
# Out: one IMPORTED target ns3wheel::<module> per dependency, appended to _mptcp_ns3_targets;
#      MPTCP_NS3_MINOR (e.g. 44, parsed from the library names).

get_filename_component(_mw_root "${MPTCP_NS3_WHEEL}" ABSOLUTE)
if(NOT EXISTS "${_mw_root}/include/ns3/core-module.h")
  message(FATAL_ERROR "MPTCP_NS3_WHEEL=${MPTCP_NS3_WHEEL}: no include/ns3/core-module.h there; "
                      "pass the ns3/ folder of the unpacked wheel")
endif()

set(_mw_libdir)
foreach(_d lib64 lib)
  file(GLOB _mw_core "${_mw_root}/${_d}/libns3.*-core*.so")
  if(_mw_core)
    set(_mw_libdir "${_mw_root}/${_d}")
    break()
  endif()
endforeach()
if(NOT _mw_libdir)
  message(FATAL_ERROR "MPTCP_NS3_WHEEL=${MPTCP_NS3_WHEEL}: no lib64/libns3.*-core*.so")
endif()

list(GET _mw_core 0 _mw_first)
get_filename_component(_mw_first "${_mw_first}" NAME)
if(NOT _mw_first MATCHES "^libns3\\.([0-9]+)-core")
  message(FATAL_ERROR "cannot parse the ns-3 version from ${_mw_first}")
endif()
set(MPTCP_NS3_MINOR ${CMAKE_MATCH_1})

# Libraries are named libns3.<minor>-<module>[-<profile>].so (the wheel has no profile suffix).
file(GLOB _mw_all RELATIVE "${_mw_libdir}" "${_mw_libdir}/libns3.${MPTCP_NS3_MINOR}-*.so")
foreach(_m ${MPTCP_NS3_DEPENDENCIES})
  set(_lib)
  foreach(_f ${_mw_all})
    if(_f MATCHES "^libns3\\.${MPTCP_NS3_MINOR}-${_m}(-default|-debug|-release|-optimized)?\\.so$")
      set(_lib "${_mw_libdir}/${_f}")
    endif()
  endforeach()
  if(NOT _lib)
    message(FATAL_ERROR "ns-3 wheel: no library for module '${_m}' in ${_mw_libdir}")
  endif()
  if(NOT TARGET ns3wheel::${_m})
    add_library(ns3wheel::${_m} SHARED IMPORTED)
    set_target_properties(ns3wheel::${_m} PROPERTIES
      IMPORTED_LOCATION "${_lib}"
      INTERFACE_INCLUDE_DIRECTORIES "${_mw_root}/include"
      INTERFACE_COMPILE_DEFINITIONS "NS3_LOG_ENABLE;NS3_ASSERT_ENABLE"
      # The wheel's libraries find each other (and its vendored gsl/sqlite/libxml2) through
      # $ORIGIN; the linker needs -rpath-link to check their own dependencies (e.g. internet
      # needs bridge), and our binaries need an rpath to find them at run time.
      INTERFACE_LINK_OPTIONS "LINKER:-rpath-link,${_mw_libdir};LINKER:-rpath,${_mw_libdir}")
  endif()
  list(APPEND _mptcp_ns3_targets ns3wheel::${_m})
endforeach()

message(STATUS "mptcp: ns-3 wheel ${_mw_root} (ns-3.${MPTCP_NS3_MINOR}, ${_mw_libdir})")
