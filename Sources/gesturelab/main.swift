import GestureLabCLI

GestureLabCLI.main()
