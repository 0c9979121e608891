"""Scripts that run inside the sandbox: the zygote, the judge, the candidate's server, the wire.

They are run as plain scripts from a read-only folder (sibling imports by bare name), with the
standard library and site-packages only: none of them may import classwright.
"""
