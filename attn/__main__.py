import sys

from attn.cli import main

sys.exit(main())
