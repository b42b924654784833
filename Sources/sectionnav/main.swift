import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = Launcher.run(
  arguments: SystemPath.arguments(), environment: ProcessEnvironment.current())
exit(status)
