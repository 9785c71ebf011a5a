# Sourced by the entry points: the environment cardscan runs in.
# tesseract is built with OpenMP, and libgomp reads OMP_THREAD_LIMIT once, when it is loaded (before main):
# it must be in the environment at exec. cardscan parallelises across engines instead (LIBRARY-NOTES.md).
export OMP_THREAD_LIMIT=1
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
