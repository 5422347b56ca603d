<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>tx::ReportContent</name>
    <message numerus="yes">
        <source>needs %n × %1</source>
        <translation>
            <numerusform>needs %n × %1</numerusform>
            <numerusform>needs %n × %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>fits each of the %n devices</source>
        <translation>
            <numerusform>fits its %n device</numerusform>
            <numerusform>fits each of the %n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n × %1 at %2 MFU</source>
        <translation>
            <numerusform>%n × %1 at %2 MFU</numerusform>
            <numerusform>%n × %1 at %2 MFU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Training time (%n devices, MFU %1)</source>
        <translation>
            <numerusform>Training time (%n device, MFU %1)</numerusform>
            <numerusform>Training time (%n devices, MFU %1)</numerusform>
        </translation>
    </message>
</context>
</TS>
