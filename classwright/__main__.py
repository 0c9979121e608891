from classwright.cli import main

main()
