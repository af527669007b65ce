# kunit.py --qemu_config for arm64: QEMU's virt machine as kunit.py's own
# arm64 configuration has it, with 2 CPUs and the device tree that
# stages/lib.sh (arm64_dtb) gives a PSCI idle state per CPU (ARM64_DTB),
# which the psci checker (seed 002) needs.
import os
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='arm64',
			   kconfig='''
CONFIG_SERIAL_AMBA_PL010=y
CONFIG_SERIAL_AMBA_PL010_CONSOLE=y
CONFIG_SERIAL_AMBA_PL011=y
CONFIG_SERIAL_AMBA_PL011_CONSOLE=y''',
			   qemu_arch='aarch64',
			   kernel_path='arch/arm64/boot/Image.gz',
			   kernel_command_line='console=ttyAMA0',
			   extra_qemu_params=['-machine', 'virt', '-smp', '2', '-cpu', 'max,pauth-impdef=on',
					      '-dtb', os.environ.get('ARM64_DTB', '/nonexistent')])
