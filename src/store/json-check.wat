;; The strict JSON check of json-check.ts (jsonValueEnd) in WebAssembly, for the read-ahead thread: it checks every
;; member a seed's snapshots leave out (shrink-snapshot.ts), most of a seed's bytes, and here runs ~2.5x faster (its
;; strings 16 bytes at a time). Same rules and answers as json-check.ts (test/store/json-check-wasm.test.ts compares
;; them); `npm run wasm` compiles this file into json-check-wasm.ts.
;; The seed's bytes are the memory (shared with the threads that read and outline it); offsets are below 2^31.
(module
  (import "env" "memory" (memory 1 65536 shared))
  ;; globals: the limit of the current check
  (global $limit (mut i32) (i32.const 0))

  (func $skipSpace (param $p i32) (result i32)
    (local $c i32)
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $p) (global.get $limit)))
        (local.set $c (i32.load8_u (local.get $p)))
        (br_if $done
          (i32.eqz
            (i32.or
              (i32.or (i32.eq (local.get $c) (i32.const 0x20)) (i32.eq (local.get $c) (i32.const 0x0a)))
              (i32.or (i32.eq (local.get $c) (i32.const 0x0d)) (i32.eq (local.get $c) (i32.const 0x09))))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $l)))
    (local.get $p))

  (func $isHex (param $c i32) (result i32)
    (i32.or
      (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10))
      (i32.lt_u (i32.sub (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x61)) (i32.const 6))))

  ;; the string at $p (its opening quote): where it ends, or -1
  (func $stringEnd (param $p i32) (result i32)
    (local $i i32) (local $c i32) (local $e i32) (local $v v128) (local $m i32) (local $lim16 i32)
    (local.set $i (i32.add (local.get $p) (i32.const 1)))
    (local.set $lim16 (i32.sub (global.get $limit) (i32.const 16)))
    (loop $l
      ;; 16 bytes at a time while none is a quote, a backslash or a control character
      (block $slow
        (loop $fast
          (br_if $slow (i32.gt_s (local.get $i) (local.get $lim16)))
          (local.set $v (v128.load (local.get $i)))
          (local.set $m (i8x16.bitmask
            (v128.or
              (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x22))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x5c))))
              (i8x16.lt_u (local.get $v) (i8x16.splat (i32.const 0x20))))))
          (if (i32.eqz (local.get $m))
            (then (local.set $i (i32.add (local.get $i) (i32.const 16))) (br $fast)))
          (local.set $i (i32.add (local.get $i) (i32.ctz (local.get $m))))))
      (if (i32.ge_u (local.get $i) (global.get $limit)) (then (return (i32.const -1))))
      (local.set $c (i32.load8_u (local.get $i)))
      (if (i32.eq (local.get $c) (i32.const 0x22)) (then (return (i32.add (local.get $i) (i32.const 1)))))
      (if (i32.lt_u (local.get $c) (i32.const 0x20)) (then (return (i32.const -1))))
      (if (i32.eq (local.get $c) (i32.const 0x5c))
        (then
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (if (i32.ge_u (local.get $i) (global.get $limit)) (then (return (i32.const -1))))
          (local.set $e (i32.load8_u (local.get $i)))
          (if (i32.eq (local.get $e) (i32.const 0x75))
            (then
              (if (i32.ge_u (i32.add (local.get $i) (i32.const 4)) (global.get $limit)) (then (return (i32.const -1))))
              (if (i32.eqz (i32.and
                    (i32.and (call $isHex (i32.load8_u offset=1 (local.get $i))) (call $isHex (i32.load8_u offset=2 (local.get $i))))
                    (i32.and (call $isHex (i32.load8_u offset=3 (local.get $i))) (call $isHex (i32.load8_u offset=4 (local.get $i))))))
                (then (return (i32.const -1))))
              (local.set $i (i32.add (local.get $i) (i32.const 4))))
            (else
              ;; " \ / b f n r t
              (if (i32.eqz
                    (i32.or
                      (i32.or
                        (i32.or (i32.eq (local.get $e) (i32.const 0x22)) (i32.eq (local.get $e) (i32.const 0x5c)))
                        (i32.or (i32.eq (local.get $e) (i32.const 0x2f)) (i32.eq (local.get $e) (i32.const 0x62))))
                      (i32.or
                        (i32.or (i32.eq (local.get $e) (i32.const 0x66)) (i32.eq (local.get $e) (i32.const 0x6e)))
                        (i32.or (i32.eq (local.get $e) (i32.const 0x72)) (i32.eq (local.get $e) (i32.const 0x74))))))
                (then (return (i32.const -1))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l))
    (i32.const -1))

  (func $digitsEnd (param $p i32) (result i32)
    (local $from i32)
    (local.set $from (local.get $p))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $p) (global.get $limit)))
        (br_if $done (i32.ge_u (i32.sub (i32.load8_u (local.get $p)) (i32.const 0x30)) (i32.const 10)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $l)))
    (if (result i32) (i32.eq (local.get $p) (local.get $from)) (then (i32.const -1)) (else (local.get $p))))

  (func $numberEnd (param $p i32) (result i32)
    (local $c i32)
    (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x2d)) (then (local.set $p (i32.add (local.get $p) (i32.const 1)))))
    (if (i32.ge_u (local.get $p) (global.get $limit)) (then (return (i32.const -1))))
    (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x30))
      (then (local.set $p (i32.add (local.get $p) (i32.const 1))))
      (else
        (local.set $p (call $digitsEnd (local.get $p)))
        (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))))
    (if (i32.lt_u (local.get $p) (global.get $limit))
      (then
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x2e))
          (then
            (local.set $p (call $digitsEnd (i32.add (local.get $p) (i32.const 1))))
            (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))))))
    (if (i32.lt_u (local.get $p) (global.get $limit))
      (then
        (local.set $c (i32.load8_u (local.get $p)))
        (if (i32.or (i32.eq (local.get $c) (i32.const 0x65)) (i32.eq (local.get $c) (i32.const 0x45)))
          (then
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (if (i32.lt_u (local.get $p) (global.get $limit))
              (then
                (local.set $c (i32.load8_u (local.get $p)))
                (if (i32.or (i32.eq (local.get $c) (i32.const 0x2b)) (i32.eq (local.get $c) (i32.const 0x2d)))
                  (then (local.set $p (i32.add (local.get $p) (i32.const 1)))))))
            (local.set $p (call $digitsEnd (local.get $p)))))))
    (local.get $p))

  ;; true, false or null at $p: where it ends, or -1
  (func $literalEnd (param $p i32) (result i32)
    (local $c i32)
    (local.set $c (i32.load8_u (local.get $p)))
    (if (i32.eq (local.get $c) (i32.const 0x74)) ;; true
      (then
        (if (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 4)) (global.get $limit))
                     (i32.eq (i32.load (local.get $p)) (i32.const 0x65757274)))
          (then (return (i32.add (local.get $p) (i32.const 4)))))
        (return (i32.const -1))))
    (if (i32.eq (local.get $c) (i32.const 0x6e)) ;; null
      (then
        (if (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 4)) (global.get $limit))
                     (i32.eq (i32.load (local.get $p)) (i32.const 0x6c6c756e)))
          (then (return (i32.add (local.get $p) (i32.const 4)))))
        (return (i32.const -1))))
    (if (i32.eq (local.get $c) (i32.const 0x66)) ;; false
      (then
        (if (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 5)) (global.get $limit))
                     (i32.and (i32.eq (i32.load offset=1 (local.get $p)) (i32.const 0x65736c61)) (i32.const 1)))
          (then (return (i32.add (local.get $p) (i32.const 5)))))
        (return (i32.const -1))))
    (i32.const -1))

  (func $memberKey (param $p i32) (result i32)
    (if (i32.ge_u (local.get $p) (global.get $limit)) (then (return (i32.const -1))))
    (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x22)) (then (return (i32.const -1))))
    (local.set $p (call $stringEnd (local.get $p)))
    (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
    (local.set $p (call $skipSpace (local.get $p)))
    (if (i32.and (i32.lt_u (local.get $p) (global.get $limit)) (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x3a)))
      (then (return (i32.add (local.get $p) (i32.const 1)))))
    (i32.const -1))

  ;; Where the JSON value at $p ends (no white space before it is checked by the caller), -1 if not well-formed
  ;; before $limit, -2 if nested deeper than the stack [$stack, $stackEnd) holds (the caller checks it otherwise).
  (func (export "valueEnd") (param $p i32) (param $lim i32) (param $stack i32) (param $stackEnd i32) (result i32)
    (local $c i32) (local $sp i32) (local $obj i32) (local $d i32)
    (global.set $limit (local.get $lim))
    (local.set $sp (local.get $stack))
    (loop $value
      (local.set $p (call $skipSpace (local.get $p)))
      (if (i32.ge_u (local.get $p) (global.get $limit)) (then (return (i32.const -1))))
      (local.set $c (i32.load8_u (local.get $p)))
      (block $after
        (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
          (then
            (local.set $obj (i32.eq (local.get $c) (i32.const 0x7b)))
            (local.set $p (call $skipSpace (i32.add (local.get $p) (i32.const 1))))
            (if (i32.and (i32.lt_u (local.get $p) (global.get $limit))
                         (i32.eq (i32.load8_u (local.get $p)) (select (i32.const 0x7d) (i32.const 0x5d) (local.get $obj))))
              (then (local.set $p (i32.add (local.get $p) (i32.const 1))) (br $after)))
            (if (i32.ge_u (local.get $sp) (local.get $stackEnd)) (then (return (i32.const -2))))
            (i32.store8 (local.get $sp) (local.get $obj))
            (local.set $sp (i32.add (local.get $sp) (i32.const 1)))
            (if (local.get $obj)
              (then
                (local.set $p (call $memberKey (local.get $p)))
                (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))))
            (br $value)))
        (if (i32.eq (local.get $c) (i32.const 0x22))
          (then (local.set $p (call $stringEnd (local.get $p))))
          (else
            (if (i32.or (i32.eq (local.get $c) (i32.const 0x2d)) (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10)))
              (then (local.set $p (call $numberEnd (local.get $p))))
              (else (local.set $p (call $literalEnd (local.get $p)))))))
        (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1)))))
      ;; after a value: close containers, or go on to the next item or member
      (loop $close
        (if (i32.eq (local.get $sp) (local.get $stack)) (then (return (local.get $p))))
        (local.set $p (call $skipSpace (local.get $p)))
        (if (i32.ge_u (local.get $p) (global.get $limit)) (then (return (i32.const -1))))
        (local.set $obj (i32.load8_u (i32.sub (local.get $sp) (i32.const 1))))
        (local.set $d (i32.load8_u (local.get $p)))
        (if (i32.eq (local.get $d) (select (i32.const 0x7d) (i32.const 0x5d) (local.get $obj)))
          (then
            (local.set $sp (i32.sub (local.get $sp) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $close)))
        (if (i32.ne (local.get $d) (i32.const 0x2c)) (then (return (i32.const -1))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (if (local.get $obj)
          (then
            (local.set $p (call $memberKey (call $skipSpace (local.get $p))))
            (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1)))))))
      (br $value))
    (unreachable))
)
